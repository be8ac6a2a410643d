import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

/** Fields of /proc/<pid>/stat after the command name (which is in parentheses and may contain spaces). */
function statFields(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return undefined;
  }
}

/**
 * CPU time a process has used so far (utime + stime from /proc), in ms; 0 when unknown. CPU time rather than
 * wall-clock rates: on a machine shared with other work it is what a request or a render costs whatever the load.
 */
export function cpuMs(pid: number | undefined): number {
  const fields = pid ? statFields(pid) : undefined;
  return fields ? ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS : 0;
}

/**
 * CPU time of a process and all its descendants, in ms: the live ones read from /proc, and the exited children that
 * were waited for (cutime + cstime), such as replaced sandbox children.
 */
export function treeCpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(Number(name));
    if (!fields) continue;
    const parent = Number(fields[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
  }
  let total = 0;
  const visit = (p: number) => {
    const fields = statFields(p);
    if (fields)
      total +=
        ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return total;
}
