import {
  checkOutboundUrl,
  checkOutboundUrlResolved,
  isPublicAddress,
  resolvesToPublicAddresses,
  type AddressLookup,
} from './outbound-guard';

const secure = { allowInsecure: false, field: 'pdf_url' };

describe('checkOutboundUrl', () => {
  it.each([
    'https://example.com/form.pdf',
    'https://files.partner.co.uk:8443/a/b.pdf?sig=abc',
    'https://93.184.216.34/form.pdf',
    'https://[2606:2800:220:1:248:1893:25c8:1946]/form.pdf',
    'HTTPS://EXAMPLE.COM/x',
  ])('accepts %s', (url) => {
    const check = checkOutboundUrl(url, secure);
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.url).toBeInstanceOf(URL);
  });

  it.each([
    ['http://example.com/form.pdf', 'pdf_url must use https://'],
    ['ftp://example.com/form.pdf', 'pdf_url must use https://'],
    ['javascript:alert(1)', 'pdf_url must use https://'],
    ['file:///etc/passwd', 'pdf_url must use https://'],
    ['http://2130706433/', 'pdf_url must use https://'],
    ['not a url', 'pdf_url must be an absolute URL such as https://example.com/form.pdf'],
    ['/relative/form.pdf', 'pdf_url must be an absolute URL such as https://example.com/form.pdf'],
    ['', 'pdf_url must be a URL'],
    ['https://user:pass@example.com/form.pdf', 'pdf_url must not contain a user name or password'],
    ['https://user@example.com/form.pdf', 'pdf_url must not contain a user name or password'],
  ])('refuses %s', (url, reason) => {
    expect(checkOutboundUrl(url, secure)).toEqual({ ok: false, reason });
  });

  it.each([
    'https://127.0.0.1/',
    'https://127.1/',
    'https://2130706433/',
    'https://0x7f.1/',
    'https://0x7f000001/',
    'https://0177.0.0.1/',
    'https://0/',
    'https://0.0.0.0/',
    'https://10.0.0.5/',
    'https://172.16.3.4/',
    'https://192.168.1.1/',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.64.0.1/',
    'https://224.0.0.1/',
    'https://255.255.255.255/',
    'https://192.0.2.1/',
    'https://240.0.0.1/',
    'https://[::1]/',
    'https://[::]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:7f00:1]/',
    'https://[::ffff:8.8.8.8]/',
    'https://[fe80::1]/',
    'https://[fc00::1]/',
    'https://[fd12:3456::1]/',
    'https://[ff02::1]/',
    'https://[64:ff9b::a00:1]/',
    'https://[2002:7f00:1::]/',
    'https://[2001:db8::1]/',
  ])('refuses the non-public IP literal %s', (url) => {
    expect(checkOutboundUrl(url, secure)).toEqual({
      ok: false,
      reason: 'pdf_url points to a private or loopback address',
    });
  });

  it.each([
    'https://localhost/',
    'https://LOCALHOST./',
    'https://api.localhost/',
    'https://printer.local/',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://db.internal/',
    'https://nas.home.arpa/',
  ])('refuses the local name %s', (url) => {
    expect(checkOutboundUrl(url, secure)).toEqual({
      ok: false,
      reason: 'pdf_url points to a local or internal host name',
    });
  });

  it('refuses single-label names (docker service names such as https://postgres/)', () => {
    expect(checkOutboundUrl('https://postgres/', secure)).toEqual({
      ok: false,
      reason: 'pdf_url must use a fully qualified public host name (such as api.example.com)',
    });
  });

  it('names the field "url" by default', () => {
    expect(checkOutboundUrl('http://example.com', { allowInsecure: false })).toEqual({
      ok: false,
      reason: 'url must use https://',
    });
  });

  it('refuses overly long URLs', () => {
    const check = checkOutboundUrl(`https://example.com/${'a'.repeat(3000)}`, secure);
    expect(check).toEqual({ ok: false, reason: 'pdf_url must be at most 2048 characters long' });
  });

  it.each(['http://127.0.0.1:3000/x.pdf', 'http://localhost/x', 'https://[::1]/', 'http://user:pw@10.0.0.1/'])(
    'lets %s through with allowInsecure',
    (url) => {
      expect(checkOutboundUrl(url, { allowInsecure: true }).ok).toBe(true);
    },
  );

  it('still refuses non-http schemes with allowInsecure', () => {
    expect(checkOutboundUrl('file:///etc/passwd', { allowInsecure: true })).toEqual({
      ok: false,
      reason: 'url must use http:// or https://',
    });
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['[2606:4700:4700::1111]', true],
    ['127.0.0.1', false],
    ['::ffff:127.0.0.1', false],
    ['100.127.255.255', false],
    ['not-an-ip', false],
    ['0x7f.1', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('resolvesToPublicAddresses', () => {
  const fakeDns =
    (table: Record<string, string[]>): AddressLookup =>
    async (host) => {
      const addresses = table[host];
      if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
  const lookup = fakeDns({
    'public.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'mixed.example': ['93.184.216.34', '10.0.0.7'],
    'rebind.example': ['127.0.0.1'],
    'empty.example': [],
  });

  it('is true only when every address is public', async () => {
    await expect(resolvesToPublicAddresses('public.example', lookup)).resolves.toBe(true);
    await expect(resolvesToPublicAddresses('mixed.example', lookup)).resolves.toBe(false);
    await expect(resolvesToPublicAddresses('rebind.example', lookup)).resolves.toBe(false);
    await expect(resolvesToPublicAddresses('empty.example', lookup)).resolves.toBe(false);
    await expect(resolvesToPublicAddresses('missing.example', lookup)).resolves.toBe(false);
  });

  it('checks IP literals without DNS and refuses local names', async () => {
    await expect(resolvesToPublicAddresses('8.8.8.8', lookup)).resolves.toBe(true);
    await expect(resolvesToPublicAddresses('[::1]', lookup)).resolves.toBe(false);
    await expect(resolvesToPublicAddresses('db.internal', lookup)).resolves.toBe(false);
  });

  it('uses the system resolver by default (localhost is loopback)', async () => {
    await expect(resolvesToPublicAddresses('localhost')).resolves.toBe(false);
  });

  it('checkOutboundUrlResolved combines both checks for webhook registration', async () => {
    const opts = { allowInsecure: false, field: 'url' };
    await expect(checkOutboundUrlResolved('https://public.example/hook', opts, lookup)).resolves.toMatchObject({
      ok: true,
    });
    await expect(checkOutboundUrlResolved('https://mixed.example/hook', opts, lookup)).resolves.toEqual({
      ok: false,
      reason: 'url must use a host name that resolves only to public addresses',
    });
    await expect(checkOutboundUrlResolved('http://public.example/hook', opts, lookup)).resolves.toEqual({
      ok: false,
      reason: 'url must use https://',
    });
    await expect(
      checkOutboundUrlResolved('http://rebind.example/hook', { allowInsecure: true }, lookup),
    ).resolves.toMatchObject({ ok: true });
  });
});
