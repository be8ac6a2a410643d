import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { waitFor } from './wait-for';
import { DataSource } from 'typeorm';
import type { EventType } from 'src/events/entities/event.entity';
import { EventsService } from 'src/events/events.service';
import type { TestApp } from './create-test-app';
import { api } from './http';

/** One request as the receiver saw it. */
export interface ReceivedRequest {
  deliveryId: string;
  signature: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as received. */
  body: string;
  receivedAt: number;
  /** 1-based count of requests seen for this delivery id. */
  nth: number;
  /** What the receiver answered (status, or 'drop' / 'hang'). */
  answered: number | 'drop' | 'hang';
}

export type Reply = number | { status: number; headers?: Record<string, string> } | 'drop' | 'hang';
export type Responder = (request: ReceivedRequest) => Reply;

export interface WebhookReceiver {
  url: string;
  requests: ReceivedRequest[];
  setResponder(responder: Responder): void;
  forDelivery(deliveryId: string): ReceivedRequest[];
  /** Delivery ids answered 2xx, with how many times each. */
  acknowledged(): Map<string, number>;
  waitForRequests(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 (no mocked client): records every request and answers as told. */
export async function startReceiver(responder: Responder = () => 200, path = '/hooks'): Promise<WebhookReceiver> {
  let respond = responder;
  const requests: ReceivedRequest[] = [];
  const counts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const deliveryId = String(req.headers['x-service-delivery-id'] ?? '');
      const nth = (counts.get(deliveryId) ?? 0) + 1;
      counts.set(deliveryId, nth);
      const request: ReceivedRequest = {
        deliveryId,
        signature: String(req.headers['x-service-signature'] ?? ''),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
        nth,
        answered: 0,
      };
      const reply = respond(request);
      requests.push(request);
      if (reply === 'drop') {
        request.answered = 'drop';
        req.socket.destroy();
        return;
      }
      if (reply === 'hang') {
        request.answered = 'hang';
        hanging.push(res);
        return;
      }
      const { status, headers } = typeof reply === 'number' ? { status: reply, headers: {} } : reply;
      request.answered = status;
      res.writeHead(status, { 'Content-Type': 'text/plain', ...headers });
      res.end('ok');
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    requests,
    setResponder: (next) => {
      respond = next;
    },
    forDelivery: (deliveryId) => requests.filter((r) => r.deliveryId === deliveryId),
    acknowledged: () => {
      const acks = new Map<string, number>();
      for (const r of requests) {
        if (typeof r.answered === 'number' && r.answered >= 200 && r.answered < 300) {
          acks.set(r.deliveryId, (acks.get(r.deliveryId) ?? 0) + 1);
        }
      }
      return acks;
    },
    waitForRequests: (count, timeoutMs = 20_000) =>
      waitFor(async () => (requests.length >= count ? requests : undefined), timeoutMs, 20),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The test's own verifier (independent of the service's code): HMAC-SHA256 over "<t>.<raw body>". */
export function verifySignature(secret: string, header: string, body: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((kv) => kv.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// Helpers of the webhook e2e specs.
export interface CreatedWebhook {
  webhook_id: string;
  url: string;
  events: string[];
  secret: string;
  created_at: string;
}

export async function registerWebhook(
  t: TestApp,
  key: string,
  url: string,
  events?: string[],
): Promise<CreatedWebhook> {
  const res = await api(t, key).post('/api/v1/webhooks').send({ url, events }).expect(201);
  return res.body as CreatedWebhook;
}

/** Writes an event into the outbox the way the imports and submissions modules do (EventsService in a transaction). */
export async function recordEvent(
  t: TestApp,
  orgId: string,
  type: EventType,
  data: Record<string, unknown>,
): Promise<{ id: string; committedAt: number }> {
  const event = await t.app
    .get(DataSource)
    .transaction((manager) => t.app.get(EventsService).record(manager, orgId, type, data));
  return { id: event.id, committedAt: Date.now() };
}

export interface DeliveryRow {
  id: string;
  webhook_id: string;
  event_id: string;
  status: string;
  attempts: number;
  max_attempts: number;
}

export async function deliveriesOf(t: TestApp, webhookId: string): Promise<DeliveryRow[]> {
  return t.app
    .get(DataSource)
    .query(
      `SELECT id, webhook_id, event_id, status, attempts, max_attempts FROM webhook_deliveries WHERE webhook_id = $1`,
      [webhookId],
    );
}

/** Waits until every delivery of the webhook is settled (delivered, failed or cancelled) and `count` exist. */
export function waitForSettled(
  t: TestApp,
  webhookId: string,
  count: number,
  timeoutMs = 20_000,
): Promise<DeliveryRow[]> {
  return waitFor(
    async () => {
      const rows = await deliveriesOf(t, webhookId);
      return rows.length >= count && rows.every((r) => ['delivered', 'failed', 'cancelled'].includes(r.status))
        ? rows
        : undefined;
    },
    timeoutMs,
    50,
  );
}
