import { envelopeBody } from './envelope';

const createdAt = new Date('2026-11-22T10:00:00.123Z');

describe('webhook envelope', () => {
  it('is {event, timestamp, org_id, data} and nothing else', () => {
    const body = envelopeBody({ type: 'test', orgId: 'org_1', createdAt, data: { webhook_id: 'wh_1' } });
    expect(body).toBe(
      '{"event":"test","timestamp":"2026-11-22T10:00:00.123Z","org_id":"org_1","data":{"webhook_id":"wh_1"}}',
    );
  });

  it("keeps only the spec's data keys, so answers or prefill values can never leave", () => {
    const body = JSON.parse(
      envelopeBody({
        type: 'submission.created',
        orgId: 'org_1',
        createdAt,
        data: {
          submission_id: 'sub_1',
          template_id: 'tpl_1',
          fill_link_id: 'fl_1',
          external_ref: null,
          retrieve_url: 'https://x/api/v1/submissions/sub_1',
          answers: { fld_1: 'Jane Doe' },
        },
      }),
    );
    expect(body.data).toEqual({
      submission_id: 'sub_1',
      template_id: 'tpl_1',
      fill_link_id: 'fl_1',
      external_ref: null,
      retrieve_url: 'https://x/api/v1/submissions/sub_1',
    });
  });

  it('passes the data of kinds added later through', () => {
    const body = JSON.parse(
      envelopeBody({ type: 'template.retired', orgId: 'o', createdAt, data: { template_id: 't' } }),
    );
    expect(body.data).toEqual({ template_id: 't' });
  });
});
