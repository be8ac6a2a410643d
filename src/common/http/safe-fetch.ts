/**
 * SSRF-safe outbound HTTP (partner pdf_url downloads, webhook deliveries). Plain TypeScript, no Nest.
 *
 * - Every URL (the first and each redirect target) passes checkOutboundUrl.
 * - Every connection goes through a filtering agent that checks the *resolved* addresses (all of
 *   them) at connect time, so a name that rebinds to 10.0.0.1 or 127.0.0.1 after registration is
 *   refused (ADDRESS_REFUSED).
 * - Redirects are followed by hand (at most `maxRedirects`, default 3) or returned as is.
 * - A connect timeout, a total deadline over the whole exchange (redirects included) and a byte cap
 *   enforced while streaming.
 *
 * The filtering agents implement the technique of the request-filtering-agent package (override
 * createConnection, validate IP literals, wrap `lookup`), with a stricter address rule: that package
 * refuses only what ipaddr.js's `range()` names (so `::127.0.0.1`, `fec0::/10` and `64:ff9b:1::/48` pass
 * it), and it is ESM-only since v3, which Jest's CommonJS runtime cannot load. The rule here is
 * isPublicAddress (special-addresses.ts): ipaddr.js `range()` and the IANA special-purpose registries.
 */
import * as dns from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import type { Duplex } from 'node:stream';
import { bareHostname, checkOutboundUrl, isPublicAddress } from './outbound-guard';

export type OutboundErrorCode =
  | 'URL_REFUSED'
  | 'ADDRESS_REFUSED'
  | 'TIMEOUT'
  | 'TOO_LARGE'
  | 'TOO_MANY_REDIRECTS'
  | 'NETWORK'
  | 'HTTP_STATUS';

/** Messages name the host at most: never the path, query, headers or body (they may hold secrets). */
export class OutboundError extends Error {
  override readonly name = 'OutboundError';

  constructor(
    readonly code: OutboundErrorCode,
    message: string,
    /** HTTP status, for HTTP_STATUS. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface SafeFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Development/test only: http:// and private addresses allowed (plain agents). Default false. */
  allowInsecure?: boolean;
  /** Deadline of the whole exchange, redirects and body included (default 30 000 ms). */
  timeoutMs?: number;
  /** Deadline of each TCP connect (default 10 000 ms). */
  connectTimeoutMs?: number;
  /** Largest accepted response body (default 10 MiB); exactly maxBytes passes. */
  maxBytes?: number;
  /** Default 3. */
  maxRedirects?: number;
  /** Default true. False (webhooks): a 3xx is returned as is. */
  followRedirects?: boolean;
  /** Throw HTTP_STATUS when the final status is not 2xx (default false: the caller decides). */
  failOnHttpError?: boolean;
}

export interface SafeFetchResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Final URL after redirects. */
  url: string;
}

/**
 * Test-only switches (a symbol, so no JSON or user input can set them):
 * `skipUrlCheck` skips checkOutboundUrl on every hop but keeps the filtering agent (tests the
 * resolved-address path with a name such as `localhost`); `trustFirstHop` sends the first request
 * unchecked through a plain agent (lets a local server test redirect checks).
 */
export const SAFE_FETCH_TEST_HOOKS = Symbol('safeFetchTestHooks');
export interface SafeFetchTestHooks {
  skipUrlCheck?: boolean;
  trustFirstHop?: boolean;
}
type InternalOptions = SafeFetchOptions & { [SAFE_FETCH_TEST_HOOKS]?: SafeFetchTestHooks };

export const SAFE_FETCH_DEFAULTS = {
  timeoutMs: 30_000,
  connectTimeoutMs: 10_000,
  maxBytes: 10 * 1024 * 1024,
  maxRedirects: 3,
} as const;

class AddressRefusedError extends Error {
  readonly code = 'ERR_OUTBOUND_ADDRESS_REFUSED';
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that fails unless every address the name resolves to is public. */
function filteringLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) {
      return callback(new AddressRefusedError(`${hostname} resolves to a non-public address`), '');
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
}

type ConnectionCallback = (err: Error | null, socket: Duplex) => void;

function refusedSocket(host: string, callback?: ConnectionCallback): net.Socket {
  const socket = new net.Socket();
  const error = new AddressRefusedError(`${host} is not a public address`);
  if (callback) callback(error, socket);
  else process.nextTick(() => socket.destroy(error));
  return socket;
}

function guardedConnectOptions<T extends http.ClientRequestArgs>(options: T): T {
  return { ...options, lookup: filteringLookup as unknown as net.LookupFunction };
}

/** The IP literal the agent would connect to without a DNS lookup, refused unless public. */
function refusedLiteral(options: http.ClientRequestArgs): string | undefined {
  const host = options.host ?? '';
  return net.isIP(host) !== 0 && !isPublicAddress(host) ? host : undefined;
}

class FilteringHttpAgent extends http.Agent {
  override createConnection(options: http.ClientRequestArgs, callback?: ConnectionCallback): Duplex | null | undefined {
    const literal = refusedLiteral(options);
    if (literal !== undefined) return refusedSocket(literal, callback);
    return super.createConnection(guardedConnectOptions(options), callback);
  }
}

class FilteringHttpsAgent extends https.Agent {
  override createConnection(options: https.RequestOptions, callback?: ConnectionCallback): Duplex | null | undefined {
    const literal = refusedLiteral(options);
    if (literal !== undefined) return refusedSocket(literal, callback);
    return super.createConnection(guardedConnectOptions(options), callback);
  }
}

interface AgentPair {
  http: http.Agent;
  https: https.Agent;
}

const KEEP_ALIVE: http.AgentOptions = {
  keepAlive: true,
  keepAliveMsecs: 1_000,
  maxSockets: 64,
  maxFreeSockets: 16,
  scheduling: 'lifo',
  timeout: 60_000,
};
let filteringAgents: AgentPair | undefined;
let plainAgents: AgentPair | undefined;

/** One keep-alive pair per mode, created on first use and reused by every call. */
function agentsFor(allowInsecure: boolean): AgentPair {
  if (allowInsecure) {
    plainAgents ??= { http: new http.Agent(KEEP_ALIVE), https: new https.Agent(KEEP_ALIVE) };
    return plainAgents;
  }
  filteringAgents ??= { http: new FilteringHttpAgent(KEEP_ALIVE), https: new FilteringHttpsAgent(KEEP_ALIVE) };
  return filteringAgents;
}

/** Closes pooled sockets (shutdown, tests). Agents are recreated on the next call. */
export function destroyOutboundAgents(): void {
  for (const pair of [filteringAgents, plainAgents]) {
    pair?.http.destroy();
    pair?.https.destroy();
  }
  filteringAgents = undefined;
  plainAgents = undefined;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

interface HopOptions {
  method: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
  agent: http.Agent;
  connectTimeoutMs: number;
  deadline: number;
  timeoutMs: number;
  maxBytes: number;
}

function networkError(host: string, error: unknown): OutboundError {
  if (error instanceof OutboundError) return error;
  if (error instanceof AddressRefusedError) {
    return new OutboundError(
      'ADDRESS_REFUSED',
      `Connection to ${host} refused: it resolves to a private or loopback address`,
    );
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return new OutboundError('NETWORK', `Could not reach ${host}${code ? ` (${code})` : ''}`);
}

function requestOnce(url: URL, hop: HopOptions): Promise<SafeFetchResponse> {
  const host = bareHostname(url);
  return new Promise<SafeFetchResponse>((resolve, reject) => {
    let done = false;
    let connectTimer: NodeJS.Timeout | undefined;
    const finish = (error: OutboundError | null, response?: SafeFetchResponse): void => {
      if (done) return;
      done = true;
      clearTimeout(totalTimer);
      clearTimeout(connectTimer);
      if (error) reject(error);
      else resolve(response as SafeFetchResponse);
    };
    const fail = (error: OutboundError): void => {
      finish(error);
      req.destroy();
    };

    const remaining = hop.deadline - Date.now();
    const headers: Record<string, string> = { ...hop.headers };
    if (hop.body !== undefined) headers['content-length'] = String(hop.body.length);
    const transport = url.protocol === 'https:' ? https : http;
    const req = transport.request(url, { method: hop.method, headers, agent: hop.agent });

    const totalTimer = setTimeout(
      () => fail(new OutboundError('TIMEOUT', `No complete response from ${host} within ${hop.timeoutMs} ms`)),
      Math.max(0, remaining),
    );

    req.on('socket', (socket: net.Socket) => {
      if (!socket.connecting) return; // a kept-alive socket: already connected
      connectTimer = setTimeout(
        () => fail(new OutboundError('TIMEOUT', `Connecting to ${host} took longer than ${hop.connectTimeoutMs} ms`)),
        hop.connectTimeoutMs,
      );
      socket.once('connect', () => clearTimeout(connectTimer));
    });
    req.on('error', (error) => finish(networkError(host, error)));
    req.on('response', (res) => {
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > hop.maxBytes) {
        fail(tooLarge(host, hop.maxBytes)); // settle first: destroying emits 'aborted'/'error'
        res.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        if (done) return;
        received += chunk.length;
        if (received > hop.maxBytes) {
          fail(tooLarge(host, hop.maxBytes));
          res.destroy();
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () =>
        finish(null, {
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          url: url.toString(),
        }),
      );
      res.on('error', (error) => finish(networkError(host, error)));
      res.on('aborted', () => finish(new OutboundError('NETWORK', `The response from ${host} was cut off`)));
    });

    if (remaining <= 0) {
      fail(new OutboundError('TIMEOUT', `No complete response from ${host} within ${hop.timeoutMs} ms`));
      return;
    }
    req.end(hop.body);
  });
}

function tooLarge(host: string, maxBytes: number): OutboundError {
  return new OutboundError('TOO_LARGE', `The response from ${host} is larger than ${maxBytes} bytes`);
}

const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'transfer-encoding'];

/**
 * Fetches `url` under the SSRF rules above. Resolves with any HTTP status (3xx too when
 * followRedirects is false); rejects with OutboundError.
 */
export async function safeFetch(url: string, options: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const opts = options as InternalOptions;
  const hooks = opts[SAFE_FETCH_TEST_HOOKS] ?? {};
  const allowInsecure = opts.allowInsecure ?? false;
  const timeoutMs = opts.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs;
  const maxRedirects = opts.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  const followRedirects = opts.followRedirects ?? true;
  const deadline = Date.now() + timeoutMs;

  let method = (opts.method ?? 'GET').toUpperCase();
  let body = opts.body === undefined ? undefined : Buffer.from(opts.body);
  let headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(opts.headers ?? {})) headers[name.toLowerCase()] = value;

  let current = url;
  for (let hop = 0; ; hop++) {
    const trusted = hop === 0 && hooks.trustFirstHop === true;
    let target: URL;
    if (trusted || hooks.skipUrlCheck) {
      try {
        target = new URL(current);
      } catch {
        throw new OutboundError('URL_REFUSED', 'url must be an absolute URL');
      }
    } else {
      const check = checkOutboundUrl(current, { allowInsecure, field: hop === 0 ? 'url' : 'redirect location' });
      if (!check.ok) throw new OutboundError('URL_REFUSED', check.reason);
      target = check.url;
    }

    const agents = agentsFor(allowInsecure || trusted);
    const response = await requestOnce(target, {
      method,
      headers,
      body,
      agent: target.protocol === 'https:' ? agents.https : agents.http,
      connectTimeoutMs: opts.connectTimeoutMs ?? SAFE_FETCH_DEFAULTS.connectTimeoutMs,
      deadline,
      timeoutMs,
      maxBytes: opts.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes,
    });

    const location = response.headers.location;
    if (!followRedirects || !REDIRECT_STATUSES.has(response.status) || !location) {
      if (opts.failOnHttpError && (response.status < 200 || response.status > 299)) {
        throw new OutboundError(
          'HTTP_STATUS',
          `${bareHostname(target)} answered HTTP ${response.status}`,
          response.status,
        );
      }
      return response;
    }
    if (hop >= maxRedirects) {
      throw new OutboundError(
        'TOO_MANY_REDIRECTS',
        `More than ${maxRedirects} redirects, starting at ${bareHostname(new URL(url))}`,
      );
    }
    let next: URL;
    try {
      next = new URL(location, target);
    } catch {
      throw new OutboundError('URL_REFUSED', `${bareHostname(target)} redirected to an invalid location`);
    }
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = method === 'HEAD' ? 'HEAD' : 'GET';
      body = undefined;
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !BODY_HEADERS.includes(name)));
    }
    if (next.origin !== target.origin) {
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.includes(name)));
    }
    current = next.toString();
  }
}
