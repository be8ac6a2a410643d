import ipaddr from 'ipaddr.js';
import { checkOutboundUrl, checkOutboundUrlResolved, type AddressLookup } from './outbound-guard';
import { isPublicAddress } from './special-addresses';

/**
 * The IANA IPv4 and IPv6 Special-Purpose Address Registries, every entry, copied here independently of the
 * implementation's tables (https://www.iana.org/assignments/iana-ipv4-special-registry,
 * https://www.iana.org/assignments/iana-ipv6-special-registry), plus multicast and the reserved IPv6 space
 * that a registry entry does not cover but that has held abusable forms (IPv4-compatible, site-local).
 */
const IANA_IPV4 = [
  '0.0.0.0/8',
  '0.0.0.0/32',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.0.0/29',
  '192.0.0.8/32',
  '192.0.0.9/32',
  '192.0.0.10/32',
  '192.0.0.170/32',
  '192.0.0.171/32',
  '192.0.2.0/24',
  '192.31.196.0/24',
  '192.52.193.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '192.175.48.0/24',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '240.0.0.0/4',
  '255.255.255.255/32',
  '224.0.0.0/4',
];
const IANA_IPV6 = [
  '::1/128',
  '::/128',
  '::ffff:0:0/96',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '100::/64',
  '100:0:0:1::/64',
  '2001::/23',
  '2001::/32',
  '2001:1::1/128',
  '2001:1::2/128',
  '2001:1::3/128',
  '2001:2::/48',
  '2001:3::/32',
  '2001:4:112::/48',
  '2001:10::/28',
  '2001:20::/28',
  '2001:30::/28',
  '2001:db8::/32',
  '2002::/16',
  '2620:4f:8000::/48',
  '3fff::/20',
  '5f00::/16',
  'fc00::/7',
  'fe80::/10',
  // Not in the special registry, but reserved or deprecated space with addresses that reach inside.
  '::/96', // IPv4-compatible (deprecated): ::127.0.0.1, ::a9fe:a9fe
  'fec0::/10', // site-local (deprecated)
  'ff00::/8', // multicast
];

/** The first, a middle and the last address of a CIDR. */
function samples(cidr: string): string[] {
  const [base, bits] = ipaddr.parseCIDR(cidr);
  const bytes = base.toByteArray();
  const hostBits = bytes.length * 8 - bits;
  const at = (fill: (bitIndex: number) => number): string => {
    const out = [...bytes];
    for (let i = 0; i < hostBits; i++) {
      const bit = bytes.length * 8 - 1 - i;
      const byte = bit >> 3;
      const mask = 0x80 >> (bit & 7);
      out[byte] = fill(i) ? out[byte] | mask : out[byte] & ~mask;
    }
    return ipaddr.fromByteArray(out).toString();
  };
  return [...new Set([at(() => 0), at((i) => (i === hostBits - 2 || i % 3 === 0 ? 1 : 0)), at(() => 1)])];
}

/** IPv4 address `a` in the IPv6 forms that embed it. */
function embedded(v4: string): string[] {
  const [a, b, c, d] = v4.split('.').map(Number);
  const hex = (x: number, y: number) => ((x << 8) | y).toString(16);
  const h = `${hex(a, b)}:${hex(c, d)}`;
  return [
    `::ffff:${v4}`, // IPv4-mapped
    `::ffff:${h}`,
    `::${v4}`, // IPv4-compatible
    `::${h}`,
    `64:ff9b::${h}`, // NAT64 well-known prefix
    `64:ff9b:1:${h}::`, // NAT64 local-use prefix
    `2002:${h}::1`, // 6to4
    `2001:0:4136:e378:8000:63bf:${(~((a << 8) | b) & 0xffff).toString(16)}:${(~((c << 8) | d) & 0xffff).toString(16)}`, // Teredo
    `::ffff:0:${v4}`, // SIIT
  ];
}

const secure = { allowInsecure: false, field: 'pdf_url' };
const everything: AddressLookup = async (host) => [{ address: host, family: host.includes(':') ? 6 : 4 }];

describe('isPublicAddress against the IANA special-purpose registries', () => {
  const v4 = IANA_IPV4.flatMap((cidr) => samples(cidr).map((address) => [cidr, address]));
  const v6 = IANA_IPV6.flatMap((cidr) => samples(cidr).map((address) => [cidr, address]));

  it.each([...v4, ...v6])('%s: %s is not public', (_cidr, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['127.0.0.1', '169.254.169.254', '10.1.2.3', '192.168.0.1', '100.64.0.1', '0.0.0.0', '8.8.8.8'])(
    'refuses %s in every IPv6 form that embeds it (mapped, compatible, NAT64, 6to4, Teredo)',
    (address) => {
      for (const form of embedded(address))
        expect({ form, public: isPublicAddress(form) }).toEqual({ form, public: false });
    },
  );

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255', // just below 100.64.0.0/10
    '100.128.0.0', // just above it
    '172.32.0.0',
    '192.0.1.255',
    '198.20.0.0',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200e',
    '2001:200::1', // just past 2001::/23
    '2003::1',
    '2620:4f:8001::1',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses zone ids, brackets around nonsense and non-addresses', () => {
    expect(isPublicAddress('fe80::1%eth0')).toBe(false);
    expect(isPublicAddress('2606:4700:4700::1111%1')).toBe(false);
    expect(isPublicAddress('[not-an-ip]')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });

  it.each([...v4, ...v6])('refuses %s (%s) as a pdf_url and as a webhook URL', async (_cidr, address) => {
    const host = address.includes(':') ? `[${address}]` : address;
    expect(checkOutboundUrl(`https://${host}/form.pdf`, secure).ok).toBe(false);
    const webhook = await checkOutboundUrlResolved(`https://${host}/hook`, { allowInsecure: false }, everything);
    expect(webhook.ok).toBe(false);
  });

  it('refuses the forms the issue found accepted', () => {
    for (const url of [
      'https://[::127.0.0.1]/',
      'https://[::a9fe:a9fe]/',
      'https://[fec0::1]/',
      'https://[64:ff9b:1::a00:1]/',
    ]) {
      expect({ url, check: checkOutboundUrl(url, secure) }).toEqual({
        url,
        check: { ok: false, reason: 'pdf_url points to a private or loopback address' },
      });
    }
  });
});

describe('refusals that ALLOW_INSECURE_OUTBOUND would lift', () => {
  const dev = { ...secure, developmentHint: true };
  const hint = ' (for local development, set ALLOW_INSECURE_OUTBOUND=true on the server)';

  it.each([
    ['http://127.0.0.1:3000/form.pdf', 'pdf_url must use https://'],
    ['https://127.0.0.1/form.pdf', 'pdf_url points to a private or loopback address'],
    ['https://localhost/form.pdf', 'pdf_url points to a local or internal host name'],
    ['https://postgres/form.pdf', 'pdf_url must use a fully qualified public host name (such as api.example.com)'],
  ])('say how to allow %s in development', (url, reason) => {
    expect(checkOutboundUrl(url, dev)).toEqual({ ok: false, reason: `${reason}${hint}` });
    expect(checkOutboundUrl(url, secure)).toEqual({ ok: false, reason });
  });

  it('do not suggest it for a refusal the setting would not lift', () => {
    expect(checkOutboundUrl('ftp://example.com/x', dev)).toEqual({ ok: false, reason: 'pdf_url must use https://' });
  });

  it('say so for a name resolving to a private address too', async () => {
    const lookup: AddressLookup = async () => [{ address: '10.0.0.7', family: 4 }];
    const check = await checkOutboundUrlResolved('https://hooks.example.com/x', { ...dev, field: 'url' }, lookup);
    expect(check).toEqual({
      ok: false,
      reason: `url must use a host name that resolves only to public addresses${hint}`,
    });
  });
});
