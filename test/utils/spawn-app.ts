import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { waitFor } from './wait-for';

const ROOT = join(__dirname, '..', '..');

export interface SpawnedApp {
  process: ChildProcess;
  /** Everything written to stdout and stderr so far (JSON log lines). */
  output(): string;
  /** Log lines whose `msg` matches. */
  logLines(pattern: RegExp): string[];
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  /** Sends a signal if still running. */
  signal(signal: NodeJS.Signals): void;
}

/**
 * Starts `src/main.ts` in a process of its own (ts-node, no type check), with the test's database, queue prefix and
 * Redis unless `env` says otherwise. Used where a test needs a real process: signals, SIGKILL, worker role.
 */
export function spawnApp(env: Record<string, string>): SpawnedApp {
  const child = spawn(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'src/main.ts'],
    {
      cwd: ROOT,
      env: { ...process.env, TS_NODE_PROJECT: join(ROOT, 'tsconfig.json'), LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return {
    process: child,
    output: () => output,
    logLines: (pattern) =>
      output.split('\n').filter((line) => {
        try {
          const parsed = JSON.parse(line) as { msg?: unknown };
          return typeof parsed.msg === 'string' && pattern.test(parsed.msg);
        } catch {
          return false;
        }
      }),
    exited,
    signal: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

/** Waits for a log line (JSON, `msg` matching) from the process; fails early with its output if it exits. */
export async function waitForLog(app: SpawnedApp, pattern: RegExp, timeoutMs = 90_000): Promise<string> {
  let exited = false;
  void app.exited.then(() => (exited = true));
  return waitFor(
    async () => {
      const [line] = app.logLines(pattern);
      if (line) return line;
      if (exited) throw new Error(`process exited before logging ${String(pattern)}:\n${app.output().slice(-3000)}`);
      return undefined;
    },
    timeoutMs,
    100,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${app.output().slice(-3000)}`);
  });
}
