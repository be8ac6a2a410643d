/**
 * The warm child pool behind runInSandbox: reuse, discarding after failures, recycling, FIFO
 * queueing, per-child heap limits, idle timeout, shutdown, and unchanged answers to hostile files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import * as path from 'node:path';
import * as hostile from 'test/fixtures/pdfs/hostile/hostile-pdfs';
import { useCompiledSandbox } from 'test/utils/sandbox/compiled-child';
import { runTestTask } from 'test/utils/sandbox/run-test-task';
import type { Echo, Sleep } from 'test/utils/sandbox/test-tasks';
import {
  configureSandboxLaunch,
  configureSandboxPool,
  runInSandbox,
  runSandboxTask,
  SANDBOX_DEFAULT_IDLE_TIMEOUT_MS,
  SANDBOX_DEFAULT_MAX_TASKS_PER_CHILD,
  SANDBOX_DEFAULT_NICE,
  SANDBOX_DEFAULT_POOL_SIZE,
  SandboxError,
  SandboxLimits,
  sandboxPoolStats,
  shutdownSandboxPool,
} from '.';

jest.setTimeout(120_000);

const FIXTURES = path.resolve(__dirname, '../../test/fixtures/pdfs/hostile');
const pdf = hostile.simplePdf(1);

const echo = (limits?: SandboxLimits): Promise<Echo> => runTestTask('echo', { pdf }, limits);
const sleepTask = (ms: number, limits?: SandboxLimits): Promise<Sleep> =>
  runTestTask('sleep', { pdf, payload: { ms } }, limits);

function code(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof SandboxError ? error.code : `not a SandboxError: ${String(error)}`),
  );
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function eventually(check: () => boolean, ms = 3_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

function defaults(): void {
  configureSandboxPool({
    size: SANDBOX_DEFAULT_POOL_SIZE,
    maxTasksPerChild: SANDBOX_DEFAULT_MAX_TASKS_PER_CHILD,
    idleTimeoutMs: SANDBOX_DEFAULT_IDLE_TIMEOUT_MS,
    recycleRssMb: undefined,
    maxPerTenant: undefined,
    nice: SANDBOX_DEFAULT_NICE,
  });
}

beforeAll(() => useCompiledSandbox());
beforeEach(async () => {
  await shutdownSandboxPool();
  defaults();
});
afterAll(async () => {
  await shutdownSandboxPool();
  defaults();
  configureSandboxLaunch(undefined);
});

describe('sandbox pool: reuse and discarding', () => {
  it('reuses the same warm child for consecutive calls', async () => {
    const first = await echo();
    const second = await echo();
    const third = await runInSandbox('inspect', { pdf });
    const fourth = await echo();
    expect(third.pageCount).toBe(1);
    expect(second.pid).toBe(first.pid);
    expect(fourth.pid).toBe(first.pid);
    expect(first.pid).not.toBe(process.pid);
    expect(sandboxPoolStats()).toEqual({ size: 2, live: 1, idle: 1, busy: 0, queued: 0 });
  });

  it('starts children at the configured scheduling priority (PDF work yields the CPU to requests)', async () => {
    const base = getPriority(process.pid);
    const defaultChild = await echo();
    expect(getPriority(defaultChild.pid)).toBe(Math.max(base, SANDBOX_DEFAULT_NICE));
    await shutdownSandboxPool();
    configureSandboxPool({ nice: 0 });
    const plain = await echo();
    expect(getPriority(plain.pid)).toBe(base);
  });

  it.each([
    ['a task error', () => runTestTask('throw', { pdf }), 'PROCESSING_ERROR'],
    ['a preflight refusal', () => runInSandbox('inspect', { pdf: hostile.selfReferencingPageTree() }), 'PDF_INVALID'],
    ['an encrypted file', () => runInSandbox('inspect', { pdf: hostile.encryptedPdf() }), 'PDF_ENCRYPTED'],
    ['a child that exits', () => runTestTask('exit', { pdf }), 'PROCESSING_ERROR'],
    ['a timeout', () => runTestTask('spin', { pdf }, { timeoutMs: 1_500 }), 'PROCESSING_TIMEOUT'],
    ['an unknown task', () => runSandboxTask('no-such-task', { pdf }), 'PROCESSING_ERROR'],
  ])('discards the child after %s; the next call gets a fresh child and succeeds', async (_name, fail, expected) => {
    // Warm one child only, so the failing call surely lands on it.
    configureSandboxPool({ size: 1 });
    const before = await echo();
    await expect(code(fail())).resolves.toBe(expected);
    expect(await eventually(() => !alive(before.pid))).toBe(true);
    const after = await echo();
    expect(after.pid).not.toBe(before.pid);
    expect(sandboxPoolStats()).toMatchObject({ live: 1, idle: 1 });
  });

  it('SIGKILLs a pooled child at the deadline while the parent loop keeps ticking; the queued call runs next', async () => {
    configureSandboxPool({ size: 1 });
    const warm = await echo();
    const ticks: number[] = [];
    const interval = setInterval(() => ticks.push(Date.now()), 20);
    const started = Date.now();
    const stuck = code(runTestTask('spin', { pdf }, { timeoutMs: 2_000 }));
    const queued = echo();
    expect(sandboxPoolStats()).toMatchObject({ busy: 1, queued: 1 });
    await expect(stuck).resolves.toBe('PROCESSING_TIMEOUT');
    const elapsed = Date.now() - started;
    const next = await queued;
    clearInterval(interval);
    expect(elapsed).toBeGreaterThanOrEqual(1_950);
    expect(elapsed).toBeLessThan(3_500);
    expect(next.pid).not.toBe(warm.pid);
    expect(alive(warm.pid)).toBe(false);
    const gaps = ticks.slice(1).map((t, i) => t - ticks[i]);
    expect(Math.max(...gaps)).toBeLessThan(500);
  });

  it('replaces a child after maxTasksPerChild tasks', async () => {
    configureSandboxPool({ size: 1, maxTasksPerChild: 3 });
    const pids: number[] = [];
    for (let i = 0; i < 7; i++) pids.push((await echo()).pid);
    expect(new Set(pids.slice(0, 3)).size).toBe(1);
    expect(new Set(pids.slice(3, 6)).size).toBe(1);
    expect(pids[3]).not.toBe(pids[0]);
    expect(pids[6]).not.toBe(pids[3]);
    expect(await eventually(() => !alive(pids[0]) && !alive(pids[3]))).toBe(true);
  });

  it('replaces a child whose resident memory after a task is over recycleRssMb', async () => {
    configureSandboxPool({ recycleRssMb: 1 });
    const a = await echo();
    const b = await echo();
    expect(b.pid).not.toBe(a.pid);
    configureSandboxPool({ recycleRssMb: undefined });
    const c = await echo();
    const d = await echo();
    expect(d.pid).toBe(c.pid);
  });

  it('never gives a child to a call with another heap limit (or another environment)', async () => {
    const normal = await echo();
    const small = await echo({ maxOldSpaceMb: 96 });
    expect(small.pid).not.toBe(normal.pid);
    expect(normal.heapLimitMb).toBeGreaterThanOrEqual(512);
    expect(small.heapLimitMb).toBeGreaterThanOrEqual(96);
    expect(small.heapLimitMb).toBeLessThan(200);
    // Both fit in the pool (size 2): each limit reuses its own child.
    expect((await echo()).pid).toBe(normal.pid);
    expect((await echo({ maxOldSpaceMb: 96 })).pid).toBe(small.pid);
    // A third limit in a full pool evicts an idle child rather than waiting.
    const third = await echo({ maxOldSpaceMb: 200 });
    expect([normal.pid, small.pid]).not.toContain(third.pid);
    expect(sandboxPoolStats()).toMatchObject({ live: 2 });
    // The environment the child sees is part of its identity too.
    const tz = process.env.TZ;
    process.env.TZ = 'Pacific/Auckland';
    try {
      expect((await echo()).tz).toBe('Pacific/Auckland');
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
    expect((await echo()).tz).toBe(tz);
  });
});

describe('sandbox pool: queueing', () => {
  it('queues calls beyond the pool size and serves them first come, first served', async () => {
    configureSandboxPool({ size: 1 });
    const order: number[] = [];
    const calls = [0, 1, 2, 3, 4].map((i) =>
      sleepTask(50).then((result) => {
        order.push(i);
        return result;
      }),
    );
    expect(sandboxPoolStats()).toMatchObject({ live: 1, busy: 1, queued: 4 });
    const results = await Promise.all(calls);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(results.map((r) => r.pid)).size).toBe(1);
    for (let i = 1; i < results.length; i++) {
      expect(results[i].startedAt).toBeGreaterThanOrEqual(results[i - 1].finishedAt);
    }
    expect(sandboxPoolStats()).toMatchObject({ busy: 0, queued: 0 });
  });

  it('runs at most `size` tasks at once, and every call completes', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => sleepTask(150)));
    expect(new Set(results.map((r) => r.pid)).size).toBe(2);
    // Most tasks running at any moment (a task ending at t is over before one starting at t).
    const events = results
      .flatMap((r) => [
        { t: r.startedAt, d: 1 },
        { t: r.finishedAt, d: -1 },
      ])
      .sort((a, b) => a.t - b.t || a.d - b.d);
    let running = 0;
    let most = 0;
    for (const e of events) most = Math.max(most, (running += e.d));
    expect(most).toBe(2);
    // The calls beyond the size waited for a task to finish (FIFO order itself: see the size-1 case).
    const firstFreed = Math.min(results[0].finishedAt, results[1].finishedAt);
    for (const r of results.slice(2)) expect(r.startedAt).toBeGreaterThanOrEqual(firstFreed);
  });

  it('keeps the parent responsive while many tasks run and queue', async () => {
    const ticks: number[] = [];
    const interval = setInterval(() => ticks.push(Date.now()), 10);
    const started = Date.now();
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => runInSandbox('inspect', { pdf: hostile.simplePdf(100) })),
      ...Array.from({ length: 4 }, () => runInSandbox('parse-content', { pdf: hostile.simplePdf(20) })),
    ]);
    clearInterval(interval);
    expect(results.map((r) => r.pageCount)).toEqual([100, 100, 100, 100, 100, 100, 20, 20, 20, 20]);
    const gaps = ticks.slice(1).map((t, i) => t - ticks[i]);
    expect(ticks.length).toBeGreaterThan((Date.now() - started) / 10 / 4);
    expect(Math.max(...gaps)).toBeLessThan(500);
  });
});

describe('sandbox pool: fairness between tenants', () => {
  it("serves another tenant's call before a tenant's second slow call (one child stays free)", async () => {
    const finished: string[] = [];
    const track = <T>(name: string, call: Promise<T>): Promise<T | string> =>
      call.then(
        (value) => (finished.push(name), value),
        (error: SandboxError) => (finished.push(name), error.code),
      );
    // Two slow (stuck) calls of org A arrive first, then an ordinary call of org B.
    const a1 = track('a1', runTestTask('spin', { pdf }, { timeoutMs: 1_500, tenant: 'org_a' }));
    const a2 = track('a2', runTestTask('spin', { pdf }, { timeoutMs: 1_500, tenant: 'org_a' }));
    const b = track('b', sleepTask(10, { tenant: 'org_b' }));
    expect(sandboxPoolStats()).toMatchObject({ size: 2, busy: 2, queued: 1 });
    await Promise.all([a1, a2, b]);
    expect(finished).toEqual(['b', 'a1', 'a2']);
    await expect(a2).resolves.toBe('PROCESSING_TIMEOUT');
  });

  it('uses every child for one tenant when its limit allows, and calls without a tenant are not limited', async () => {
    configureSandboxPool({ maxPerTenant: 2 });
    const both = await Promise.all([sleepTask(300, { tenant: 'org_a' }), sleepTask(300, { tenant: 'org_a' })]);
    expect(both[1].startedAt).toBeLessThan(both[0].finishedAt);
    configureSandboxPool({ maxPerTenant: undefined });
    const untagged = await Promise.all([sleepTask(300), sleepTask(300)]);
    expect(untagged[1].startedAt).toBeLessThan(untagged[0].finishedAt);
    const oneOrg = await Promise.all([sleepTask(100, { tenant: 'org_a' }), sleepTask(100, { tenant: 'org_a' })]);
    expect(oneOrg[1].startedAt).toBeGreaterThanOrEqual(oneOrg[0].finishedAt);
  });
});

describe('sandbox pool: lifecycle', () => {
  it('stops idle children after idleTimeoutMs', async () => {
    configureSandboxPool({ idleTimeoutMs: 300 });
    const first = await echo();
    expect(sandboxPoolStats()).toMatchObject({ live: 1, idle: 1 });
    expect(await eventually(() => !alive(first.pid), 3_000)).toBe(true);
    expect(sandboxPoolStats()).toMatchObject({ live: 0, idle: 0 });
    expect((await echo()).pid).not.toBe(first.pid);
  });

  it('shutdownSandboxPool kills every child, fails running and queued calls, and the pool restarts', async () => {
    configureSandboxPool({ size: 1 });
    const warm = await echo();
    const running = code(runTestTask('spin', { pdf }, { timeoutMs: 30_000 }));
    const queued = code(echo());
    await shutdownSandboxPool();
    await expect(running).resolves.toBe('PROCESSING_ERROR');
    await expect(queued).resolves.toBe('PROCESSING_ERROR');
    expect(alive(warm.pid)).toBe(false);
    expect(sandboxPoolStats()).toEqual({ size: 1, live: 0, idle: 0, busy: 0, queued: 0 });
    await expect(echo()).resolves.toMatchObject({ pid: expect.any(Number) });
  });

  it('size 0 runs every call in a fresh child that is killed afterwards', async () => {
    configureSandboxPool({ size: 0 });
    const a = await echo();
    const b = await echo();
    expect(b.pid).not.toBe(a.pid);
    expect(await eventually(() => !alive(a.pid) && !alive(b.pid))).toBe(true);
    expect(sandboxPoolStats()).toEqual({ size: 0, live: 0, idle: 0, busy: 0, queued: 0 });
  });

  it('validates its settings', () => {
    expect(() => configureSandboxPool({ size: -1 })).toThrow(RangeError);
    expect(() => configureSandboxPool({ size: 1.5 })).toThrow(RangeError);
    expect(() => configureSandboxPool({ maxTasksPerChild: 0 })).toThrow(RangeError);
    expect(() => configureSandboxPool({ idleTimeoutMs: 0 })).toThrow(RangeError);
    expect(() => configureSandboxPool({ recycleRssMb: -5 })).toThrow(RangeError);
    expect(() => configureSandboxPool({ maxPerTenant: 0 })).toThrow(RangeError);
    expect(() => configureSandboxPool({ nice: -1 })).toThrow(RangeError);
    expect(() => configureSandboxPool({ nice: 20 })).toThrow(RangeError);
    expect(sandboxPoolStats().size).toBe(SANDBOX_DEFAULT_POOL_SIZE);
  });
});

describe('sandbox pool: hostile fixtures answer as with one child per call', () => {
  // Lower than the bomb specs of run-in-sandbox.spec.ts: here only "stopped, and the pool goes on" matters.
  const bombLimits = { maxOldSpaceMb: 96, maxRssMb: 320, timeoutMs: 15_000 };
  const files = readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.pdf'))
    .sort();

  async function outcomes(): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const file of files) {
      const bytes = readFileSync(path.join(FIXTURES, file));
      const limits = file.startsWith('bomb-') ? bombLimits : {};
      const result = await runInSandbox('inspect', { pdf: bytes }, limits).then(
        (value) => `pages ${value.pageCount}`,
        (error: SandboxError) =>
          ['PROCESSING_OUT_OF_MEMORY', 'PROCESSING_TIMEOUT'].includes(error.code) ? 'STOPPED' : error.code,
      );
      out[file] = result;
      // The pool keeps working after every file.
      await expect(runInSandbox('inspect', { pdf })).resolves.toMatchObject({ pageCount: 1 });
    }
    return out;
  }

  it('gives the same results through the pool as with pooling disabled', async () => {
    configureSandboxPool({ size: 0 });
    const oneShot = await outcomes();
    configureSandboxPool({ size: SANDBOX_DEFAULT_POOL_SIZE });
    const pooled = await outcomes();
    expect(pooled).toEqual(oneShot);
    expect(pooled).toEqual({
      '100-pages.pdf': 'pages 100',
      '101-pages.pdf': 'PDF_TOO_MANY_PAGES',
      'bomb-content-1.5gb.pdf': 'pages 1',
      'bomb-objstm-1.5gb.pdf': 'STOPPED',
      'count-100-million.pdf': 'PDF_INVALID',
      'encrypted.pdf': 'PDF_ENCRYPTED',
      'garbage-after-header.pdf': 'PDF_INVALID',
      'nested-arrays-100k.pdf': expect.stringMatching(/^(pages 1|PDF_INVALID)$/),
      'no-pages.pdf': 'PDF_NO_PAGES',
      'not-a-pdf.pdf': 'PDF_INVALID',
      'self-referencing-page-tree.pdf': 'PDF_INVALID',
      'simple-1-page.pdf': 'pages 1',
      'truncated.pdf': 'PDF_INVALID',
    });
  });

  it('stops a content bomb in a pooled child and the next call gets a fresh, working child', async () => {
    const bytes = readFileSync(path.join(FIXTURES, 'bomb-content-1.5gb.pdf'));
    const warm = await runTestTask('echo', { pdf }, { maxOldSpaceMb: 96 });
    const error = await code(runInSandbox('parse-content', { pdf: bytes }, bombLimits));
    expect(['PROCESSING_OUT_OF_MEMORY', 'PROCESSING_TIMEOUT']).toContain(error);
    const next = await runTestTask('echo', { pdf }, { maxOldSpaceMb: 96 });
    expect(next.pid).not.toBe(warm.pid);
  });
});

describe('sandbox pool: speed', () => {
  it('runs 10 sequential inspect calls on warm children far faster than one spawn each', async () => {
    await runInSandbox('inspect', { pdf });
    const started = Date.now();
    for (let i = 0; i < 10; i++) await runInSandbox('inspect', { pdf });
    // One child per call costs ~0.8 s each under ts-node; a warm child answers in milliseconds.
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
