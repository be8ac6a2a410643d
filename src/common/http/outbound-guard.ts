/**
 * Which outbound URLs and addresses the service may contact (SSRF guard). Plain TypeScript, no Nest.
 *
 * - `checkOutboundUrl`: synchronous, syntactic; for a 400 at request time (pdf_url, webhook url).
 * - `resolvesToPublicAddresses` / `checkOutboundUrlResolved`: registration-time DNS check.
 * - `isPublicAddress`: the address rule, also applied by safe-fetch.ts to every resolved address at
 *   connect time (DNS rebinding).
 */
import { promises as dnsPromises } from 'node:dns';
import { isIP } from 'node:net';
import { isPublicAddress } from './special-addresses';

export { isPublicAddress };

export type OutboundCheck = { ok: true; url: URL } | { ok: false; reason: string };

export interface OutboundCheckOptions {
  /** Development/test only: any http(s) URL passes, private addresses included. */
  allowInsecure: boolean;
  /** Name of the field in reason sentences, e.g. "pdf_url" (default "url"). */
  field?: string;
  /**
   * Outside production: refusals that ALLOW_INSECURE_OUTBOUND would lift (http://, private or local hosts) say
   * so, for a developer pointing the service at a server on their own machine.
   */
  developmentHint?: boolean;
}

const DEVELOPMENT_HINT = ' (for local development, set ALLOW_INSECURE_OUTBOUND=true on the server)';

/** A refusal that ALLOW_INSECURE_OUTBOUND would lift. */
function insecureRefusal(reason: string, opts: OutboundCheckOptions): OutboundCheck {
  return { ok: false, reason: opts.developmentHint ? `${reason}${DEVELOPMENT_HINT}` : reason };
}

export const MAX_OUTBOUND_URL_LENGTH = 2048;

/** Host names that only mean something inside a network. */
const LOCAL_NAME_SUFFIXES = ['localhost', 'local', 'internal', 'localdomain', 'home.arpa', 'lan', 'intranet', 'corp'];

/** `localhost`, `*.localhost`, `*.local`, `*.internal`... (lower-case, without trailing dot). */
export function isLocalHostName(hostname: string): boolean {
  return LOCAL_NAME_SUFFIXES.some((suffix) => hostname === suffix || hostname.endsWith(`.${suffix}`));
}

/** The URL's host without IPv6 brackets and without trailing dots, lower-case. */
export function bareHostname(url: URL): string {
  let host = url.hostname.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return host.replace(/\.+$/, '');
}

/**
 * Syntactic check of an outbound URL. The WHATWG parser has already normalised IPv4 written as
 * decimal, octal or hex (`http://2130706433/`, `http://0x7f.1/` → 127.0.0.1), so IP literals are
 * checked in their canonical form. Host names are not resolved here (see checkOutboundUrlResolved).
 */
export function checkOutboundUrl(url: string, opts: OutboundCheckOptions): OutboundCheck {
  const field = opts.field ?? 'url';
  if (typeof url !== 'string' || url.trim() === '') return { ok: false, reason: `${field} must be a URL` };
  if (url.length > MAX_OUTBOUND_URL_LENGTH) {
    return { ok: false, reason: `${field} must be at most ${MAX_OUTBOUND_URL_LENGTH} characters long` };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: `${field} must be an absolute URL such as https://example.com/form.pdf` };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return {
      ok: false,
      reason: opts.allowInsecure ? `${field} must use http:// or https://` : `${field} must use https://`,
    };
  }
  if (opts.allowInsecure) return { ok: true, url: parsed };
  if (parsed.protocol !== 'https:') return insecureRefusal(`${field} must use https://`, opts);
  if (parsed.username || parsed.password) {
    return { ok: false, reason: `${field} must not contain a user name or password` };
  }

  const host = bareHostname(parsed);
  if (host === '') return { ok: false, reason: `${field} must name a host` };
  if (isIP(host) !== 0) {
    return isPublicAddress(host)
      ? { ok: true, url: parsed }
      : insecureRefusal(`${field} points to a private or loopback address`, opts);
  }
  if (isLocalHostName(host)) return insecureRefusal(`${field} points to a local or internal host name`, opts);
  if (!host.includes('.')) {
    return insecureRefusal(`${field} must use a fully qualified public host name (such as api.example.com)`, opts);
  }
  return { ok: true, url: parsed };
}

export type AddressLookup = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemLookup: AddressLookup = (hostname) => dnsPromises.lookup(hostname, { all: true, verbatim: true });

/**
 * True when `hostname` (or IP literal) resolves, and every address it resolves to is public.
 * False when it does not resolve or any address is private. For registration-time checks only: the
 * answer can change later, which is why safeFetch re-checks the address of every connection.
 */
export async function resolvesToPublicAddresses(
  hostname: string,
  lookup: AddressLookup = systemLookup,
): Promise<boolean> {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase();
  if (isIP(host) !== 0) return isPublicAddress(host);
  if (host === '' || isLocalHostName(host)) return false;
  try {
    const addresses = await lookup(host);
    return addresses.length > 0 && addresses.every((a) => isPublicAddress(a.address));
  } catch {
    return false;
  }
}

/**
 * checkOutboundUrl plus the DNS check, for registering webhooks ("must resolve only to public
 * addresses"). With allowInsecure true it is the syntactic check only.
 */
export async function checkOutboundUrlResolved(
  url: string,
  opts: OutboundCheckOptions,
  lookup: AddressLookup = systemLookup,
): Promise<OutboundCheck> {
  const check = checkOutboundUrl(url, opts);
  if (!check.ok || opts.allowInsecure) return check;
  const field = opts.field ?? 'url';
  if (!(await resolvesToPublicAddresses(bareHostname(check.url), lookup))) {
    return insecureRefusal(`${field} must use a host name that resolves only to public addresses`, opts);
  }
  return check;
}
