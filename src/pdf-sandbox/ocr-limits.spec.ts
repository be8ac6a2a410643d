/**
 * Hostile scans through the sandbox as imports run them: the OCR tools a detection child starts die with it, leave
 * no temporary files, stay within their pixel budget, and their failures are told in words. Processes are counted
 * by their environment: every process the sandbox starts here carries this spec's private TMPDIR, including a
 * renderer re-parented to init after its child was killed (which a walk of this process's tree would miss).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { useCompiledSandbox } from 'test/utils/sandbox/compiled-child';
import { hugePagePdf, manyHugeImageDrawsPdf } from 'test/utils/hostile-pdfs';
import { waitFor } from 'test/utils/wait-for';
import { configureSandboxLaunch, runInSandbox, SandboxError, shutdownSandboxPool } from '.';
import { sweepSandboxTempDirs } from './sandbox-process';

jest.setTimeout(120_000);

const ownTmp = mkdtempSync(path.join(tmpdir(), 'edform-ocr-limits-'));
const savedTmp = process.env.TMPDIR;
/**
 * The TMPDIR of this spec's sandbox processes: the spec's folder (jest's process.env, which the children
 * inherit), or a child's own folder, which the sandbox makes in the real environment's temporary folder and
 * names after its parent (this process).
 */
const ownTmpDirs = [ownTmp, path.join(tmpdir(), `edform-sandbox-${process.pid}-`)];
const childTempDirs = (): string[] =>
  readdirSync(tmpdir()).filter((n) => n.startsWith(`edform-sandbox-${process.pid}-`));

/** Pids and names of live processes whose TMPDIR is under this spec's folder. */
function sandboxProcesses(): { pid: number; name: string }[] {
  const found: { pid: number; name: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const env = readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0');
      if (!env.some((v) => ownTmpDirs.some((dir) => v.startsWith(`TMPDIR=${dir}`)))) continue;
      found.push({ pid: Number(entry), name: readFileSync(`/proc/${entry}/comm`, 'latin1').trim() });
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

beforeAll(() => {
  process.env.TMPDIR = ownTmp;
  useCompiledSandbox({ test: false });
});
afterAll(async () => {
  await shutdownSandboxPool();
  configureSandboxLaunch(undefined);
  // Whatever a failing run left behind is this spec's own: stop it.
  for (const { pid } of sandboxProcesses()) process.kill(pid, 'SIGKILL');
  process.env.TMPDIR = savedTmp;
  if (savedTmp === undefined) delete process.env.TMPDIR;
  rmSync(ownTmp, { recursive: true, force: true });
});

describe('OCR tools of a killed sandbox child', () => {
  it('leaves no renderer running and no temporary files after the deadline kill', async () => {
    // 30 draws: the render takes over 40 s of CPU on a quiet machine (6 draws took 8.5 s and finished before the
    // deadline), so the deadline below always kills the child mid-render, before the tool's own 15 s timeout.
    const pdf = await manyHugeImageDrawsPdf(30_000, 30);
    const detection = runInSandbox('detect', { pdf }, { timeoutMs: 10_000 });
    const outcome = detection.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    // The renderer has started on the page (so the kill below hits it mid-render).
    const renderer = await waitFor(async () => sandboxProcesses().find((p) => p.name === 'pdftoppm'), 9_500);
    expect(renderer.name).toBe('pdftoppm');
    const error = await outcome;
    expect(error).toBeInstanceOf(SandboxError);
    expect((error as SandboxError).code).toBe('PROCESSING_TIMEOUT');
    // SIGKILL is delivered at once; the kernel may take a moment to reap, and the folder goes when the child has.
    const gone = async (): Promise<true | undefined> =>
      sandboxProcesses().length === 0 && childTempDirs().length === 0 ? true : undefined;
    await waitFor(gone, 3_000).catch(() => undefined);
    expect(sandboxProcesses()).toEqual([]);
    expect(readdirSync(ownTmp)).toEqual([]);
    expect(childTempDirs()).toEqual([]);
  });

  it('says in words that the page took too long, with no command line or temporary path', async () => {
    const pdf = await manyHugeImageDrawsPdf();
    const result = await runInSandbox('detect', { pdf, payload: { budget: { pageMs: 10_000, documentMs: 4_000 } } });
    expect(result.warnings).toEqual([
      expect.stringMatching(/^Page 1 could not be read by OCR: rendering the page took/),
    ]);
    expect(result.reviewReasons).toContainEqual(expect.stringMatching(/^Page 1 could not be read by OCR \(/));
    const text = JSON.stringify(result);
    expect(text).not.toMatch(/pdftoppm|tesseract|Command failed|edform-|\/tmp|-gray/);
    expect(sandboxProcesses().filter((p) => p.name !== 'node')).toEqual([]);
  });
});

describe('pixel budget', () => {
  it('does not rasterize a 200 by 200 inch page, and asks for review instead', async () => {
    const result = await runInSandbox('detect', { pdf: await hugePagePdf() });
    expect(result.reviewRequired).toBe(true);
    expect(result.reviewReasons).toContainEqual(
      expect.stringMatching(/^Page 1 could not be read by OCR \(the page is too large to read by OCR \(200 by 200/),
    );
  });
});

describe('temporary folders', () => {
  it('sweeps the folders of dead sandbox parents and keeps those of live ones', () => {
    const dir = mkdtempSync(path.join(ownTmp, 'sweep-'));
    // pid 2^22 + 1 is above Linux's pid_max ceiling: never a live process.
    const dead = mkdtempSync(path.join(dir, `edform-sandbox-${4_194_305}-`));
    const live = mkdtempSync(path.join(dir, `edform-sandbox-${process.ppid}-`));
    const other = mkdtempSync(path.join(dir, 'unrelated-'));
    expect(sweepSandboxTempDirs(dir)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual([path.basename(live), path.basename(other)].sort());
    expect(readdirSync(dir)).not.toContain(path.basename(dead));
  });
});
