import { pdfJobConcurrency } from 'src/queue/worker-role';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { api } from 'test/utils/http';
import type { ImportBody } from 'test/utils/imports';
import { slowLayoutPdf } from 'test/utils/sandbox/slow-pdf';
import { waitFor } from 'test/utils/wait-for';

/**
 * Issue 18 point 12: an organization with more slow imports queued than the worker has detection slots must not
 * hold every slot; another organization's one-page import runs at once, not after one of them has finished.
 */
describe('detection fairness between organizations (real app, Bull, sandbox pool)', () => {
  let t: TestApp;
  let orgA: TestOrg;
  let orgB: TestOrg;

  beforeAll(async () => {
    // The test polls seven imports ten times a second.
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    orgA = await createOrg(t.app);
    orgB = await createOrg(t.app);
  });
  afterAll(() => t.close());

  async function post(key: string, pdf: Buffer, filename: string): Promise<string> {
    const res = await api(t, key)
      .post('/api/v1/imports')
      .send({ pdf_base64: pdf.toString('base64'), filename, blank_form_attestation: true })
      .expect(202);
    return (res.body as ImportBody).import_id;
  }

  it("org A's queue deeper than the slots: org B's one-page import finishes before any of A's, and all succeed", async () => {
    const slots = pdfJobConcurrency(t.settings); // the app's own settings decide its Bull slots
    // A page of 30 000 text runs takes seconds to lay out (8 000 took 1 s on a fast machine, too close to B's own
    // time under load): each of A's imports runs far longer than B's one page.
    const slow = slowLayoutPdf(['slow'], 30_000);
    const aIds: string[] = [];
    for (let i = 0; i < slots + 2; i++) aIds.push(await post(orgA.apiKey, slow, `slow-${i}.pdf`));
    const bId = await post(orgB.apiKey, slowLayoutPdf(['normal']), 'small.pdf');

    const keyOf = new Map<string, string>([...aIds.map((id) => [id, orgA.apiKey] as const), [bId, orgB.apiKey]]);
    const finished: string[] = [];
    const statuses = new Map<string, string>();
    await waitFor(
      async () => {
        for (const [id, key] of keyOf) {
          if (finished.includes(id)) continue;
          const body = (await api(t, key).get(`/api/v1/imports/${id}`).expect(200)).body as ImportBody;
          if (body.status === 'succeeded' || body.status === 'failed') {
            finished.push(id);
            statuses.set(id, body.status === 'failed' ? `failed: ${body.error_code} ${body.error}` : body.status);
          }
        }
        return finished.length === keyOf.size ? true : undefined;
      },
      240_000,
      100,
    );

    expect(finished[0]).toBe(bId);
    expect([...statuses.values()]).toEqual(Array(keyOf.size).fill('succeeded'));
  }, 300_000);
});
