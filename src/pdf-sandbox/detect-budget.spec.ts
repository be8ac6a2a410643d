/**
 * Detection's time budget, through the sandbox as imports run it: a pathological page is given up with
 * a review reason (the other pages keep their fields), pages after the document budget are not read,
 * and one organization's slow imports never hold every child while another organization waits.
 */
import { useCompiledSandbox } from 'test/utils/sandbox/compiled-child';
import { slowLayoutPdf } from 'test/utils/sandbox/slow-pdf';
import {
  configureSandboxLaunch,
  configureSandboxPool,
  runInSandbox,
  SANDBOX_DEFAULT_POOL_SIZE,
  shutdownSandboxPool,
} from '.';

jest.setTimeout(120_000);

/** Text runs of the slow page: its reading takes several seconds on any machine, far over the 1 s page budget. */
const SLOW_RUNS = 120_000;

beforeAll(() => useCompiledSandbox({ test: false }));
afterAll(async () => {
  await shutdownSandboxPool();
  configureSandboxLaunch(undefined);
});

describe('detection budget', () => {
  it('gives up a page that runs over its time, keeps the other pages, and asks for review', async () => {
    const pdf = slowLayoutPdf(['slow', 'normal'], SLOW_RUNS);
    const result = await runInSandbox('detect', { pdf, payload: { budget: { pageMs: 1_000, documentMs: 60_000 } } });
    expect(result.pageCount).toBe(2);
    expect(result.fields.map((f) => [f.page, f.label])).toEqual([[2, expect.stringMatching(/Patient name/)]]);
    expect(result.reviewRequired).toBe(true);
    expect(result.reviewReasons).toContain('Page 1 took too long to read (over 1 s): place its fields by hand');
  });

  it('starts no page once the document budget is spent', async () => {
    // Page 1 is given up at its 1 s, so page 2 starts after the 0.5 s document budget.
    const pdf = slowLayoutPdf(['slow', 'normal', 'normal'], SLOW_RUNS);
    const result = await runInSandbox('detect', { pdf, payload: { budget: { pageMs: 1_000, documentMs: 500 } } });
    expect(result.fields).toEqual([]);
    expect(result.reviewReasons).toEqual(
      expect.arrayContaining([
        'Page 1 took too long to read (over 1 s): place its fields by hand',
        'Pages 2, 3 were not read: the form took too long to read; place their fields by hand',
      ]),
    );
  });

  it('reads the same pages as without a budget when the form is ordinary', async () => {
    const pdf = slowLayoutPdf(['normal', 'normal']);
    const budgeted = await runInSandbox('detect', { pdf, payload: { budget: { pageMs: 5_000, documentMs: 20_000 } } });
    const unbounded = await runInSandbox('detect', { pdf });
    expect(budgeted).toEqual(unbounded);
    expect(budgeted.fields).toHaveLength(2);
  });
});

describe('detection for an import', () => {
  it('detects and counts the pages by the page tree in one task, whatever /Count says', async () => {
    // Same length as "/Count 2": the cross-reference offsets still hold.
    const pdf = Buffer.from(
      slowLayoutPdf(['normal', 'normal']).toString('latin1').replace('/Count 2', '/Count 0'),
      'latin1',
    );
    expect((await runInSandbox('detect-import', { pdf })).pageCount).toBe(2);
    const honest = await runInSandbox('detect-import', { pdf: slowLayoutPdf(['normal', 'normal']) });
    expect(honest.pageCount).toBe(2);
    expect(honest.detection).toEqual(await runInSandbox('detect', { pdf: slowLayoutPdf(['normal', 'normal']) }));
  });
});

describe('detection fairness between organizations', () => {
  it("two pathological imports of org A and one normal import of org B: B's finishes first", async () => {
    configureSandboxPool({ size: SANDBOX_DEFAULT_POOL_SIZE });
    const budget = { pageMs: 60_000, documentMs: 60_000 };
    const finished: string[] = [];
    const detect = (name: string, pdf: Buffer, tenant: string): Promise<void> =>
      runInSandbox('detect', { pdf, payload: { budget } }, { tenant, timeoutMs: 60_000 }).then(() => {
        finished.push(name);
      });
    const slow = slowLayoutPdf(['slow'], 10_000);
    await Promise.all([
      detect('a1', slow, 'org_a'),
      detect('a2', slow, 'org_a'),
      detect('b', slowLayoutPdf(['normal']), 'org_b'),
    ]);
    expect(finished).toEqual(['b', 'a1', 'a2']);
  });
});
