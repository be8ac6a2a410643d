import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { newId } from 'src/common/ids/ids';
import { Webhook } from 'src/webhooks/entities/webhook.entity';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { api } from 'test/utils/http';
import { recordEvent, startReceiver, waitForSettled, type WebhookReceiver } from 'test/utils/webhook-receiver';

describe('webhooks with the outbound guard on (ALLOW_INSECURE_OUTBOUND=false)', () => {
  let t: TestApp;
  let org: TestOrg;
  let receiver: WebhookReceiver;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({
      ALLOW_INSECURE_OUTBOUND: 'false',
      WEBHOOK_RETRY_BASE_MS: '100',
      WEBHOOK_RETRY_MAX_MS: '200',
      WEBHOOK_MAX_ATTEMPTS: '2',
    });
    org = await createOrg(t.app);
    receiver = await startReceiver();
    port = Number(new URL(receiver.url).port);
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it.each([
    ['plain http to the receiver', () => `http://127.0.0.1:${port}/hooks`],
    ['https to a loopback literal', () => `https://127.0.0.1:${port}/hooks`],
    ['localhost', () => `https://localhost:${port}/hooks`],
    ['localhost with a trailing dot', () => `https://localhost.:${port}/hooks`],
    ['a subdomain of localhost', () => `https://hooks.localhost:${port}/hooks`],
    ['IPv6 loopback', () => `https://[::1]:${port}/hooks`],
    ['IPv4-mapped IPv6 loopback', () => `https://[::ffff:127.0.0.1]:${port}/hooks`],
    ['loopback written in hex', () => `https://0x7f.0.0.1:${port}/hooks`],
    ['loopback written as one decimal number', () => `https://2130706433:${port}/hooks`],
    ['loopback written in octal', () => `https://0177.0.0.1:${port}/hooks`],
    ['the unspecified address', () => `https://0.0.0.0:${port}/hooks`],
    ['a private 10/8 address', () => 'https://10.0.0.1/hooks'],
    ['a private 192.168/16 address', () => 'https://192.168.1.10/hooks'],
    ['the cloud metadata address', () => 'https://169.254.169.254/latest/meta-data'],
    ['a CGNAT address', () => 'https://100.64.0.1/hooks'],
    ['a unique-local IPv6 address', () => 'https://[fd00::1]/hooks'],
    ['an .internal name', () => 'https://hooks.internal/x'],
    ['a .local name', () => 'https://printer.local/x'],
    ['a single-label host', () => 'https://intranet/x'],
    ['credentials in the URL', () => 'https://user:pass@93.184.215.14/hooks'],
    ['a name that does not resolve', () => 'https://no-such-host.invalid/hooks'],
    ['a file URL', () => 'file:///etc/passwd'],
  ])('refuses %s with 400, and the receiver sees nothing', async (_, url) => {
    const res = await api(t, org.apiKey).post('/api/v1/webhooks').send({ url: url() }).expect(400);
    expect(res.body).toEqual({ error: expect.stringMatching(/^url /), code: 'VALIDATION_FAILED' });
    expect(receiver.requests).toHaveLength(0);
  });

  it('accepts a public https address', async () => {
    await api(t, org.apiKey).post('/api/v1/webhooks').send({ url: 'https://93.184.215.14/hooks' }).expect(201);
  });

  it('refuses at delivery time too: a stored loopback URL (as after DNS rebinding) is never contacted', async () => {
    const hooks = t.app.get<Repository<Webhook>>(getRepositoryToken(Webhook));
    const other = await createOrg(t.app);
    const hook = await hooks.save(
      hooks.create({
        id: newId('webhook'),
        orgId: other.orgId,
        url: `http://127.0.0.1:${port}/hooks`,
        events: [],
        secret: 'whsec_0123456789abcdefghijABCDEFGHIJ',
      }),
    );
    await recordEvent(t, other.orgId, 'test', { webhook_id: hook.id });
    const [delivery] = await waitForSettled(t, hook.id, 1, 10_000);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 2 });
    const test = await api(t, other.apiKey).post(`/api/v1/webhooks/${hook.id}/test`).expect(200);
    expect(test.body).toEqual({ delivered: false, status_code: null, error: expect.stringMatching(/https/) });
    const history = await api(t, other.apiKey).get(`/api/v1/webhooks/${hook.id}/deliveries`).expect(200);
    expect(history.body.deliveries.map((d: { last_error: string }) => d.last_error)).toEqual([
      expect.any(String),
      expect.any(String),
    ]);
    expect(receiver.requests).toHaveLength(0);
  });
});
