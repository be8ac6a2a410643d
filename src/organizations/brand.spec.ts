import { brandColorProblem, contrastWithWhite, sniffLogo } from './brand';
import { frameAncestorProblem, frameAncestorsDirective, redirectTarget, redirectUrlProblem } from './fill-embedding';
import { sanitizeSvgLogo, SvgLogoRefused } from './svg-logo';

describe('brand colour', () => {
  it('measures contrast against white as WCAG 2 does', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#FFFFFF')).toBeCloseTo(1, 5);
    expect(contrastWithWhite('#767676')).toBeCloseTo(4.54, 2);
  });

  it('accepts 4.5:1 and above, refuses below with the ratio and what to do', () => {
    expect(brandColorProblem('#767676')).toBeNull(); // 4.54:1, the lightest grey that passes
    expect(brandColorProblem('#1A5FB4')).toBeNull();
    expect(brandColorProblem('#777777')).toMatch(/contrast of 4\.47:1 .* at least 4\.5:1 .* darker/);
    expect(brandColorProblem('#FFD700')).toMatch(/brand_color #FFD700/);
    for (const bad of ['1A5FB4', '#1A5FB', '#1A5FB4FF', 'blue', '#GGGGGG'])
      expect(brandColorProblem(bad)).toMatch(/#1A5FB4 \(# and 6 hex digits\)/);
  });
});

describe('logo type', () => {
  it('is read from the bytes', () => {
    expect(sniffLogo(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('image/png');
    expect(sniffLogo(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      'image/svg+xml',
    );
    expect(sniffLogo(Buffer.from('<svg width="1"></svg>'))).toBe('image/svg+xml');
    expect(sniffLogo(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffLogo(Buffer.from('<html><svg></svg></html>'))).toBeNull();
  });
});

describe('SVG logo sanitizing (DOMPurify)', () => {
  const svg = (inner: string, attributes = '') =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"${attributes}>${inner}</svg>`);

  it('keeps drawing, as well-formed XML', async () => {
    const out = (
      await sanitizeSvgLogo(svg('<rect width="10" height="10" fill="#1A5FB4"/><text x="1">N&amp;W</text>'))
    ).toString('utf8');
    expect(out).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(out).toContain('<rect width="10" height="10" fill="#1A5FB4"');
    expect(out).toContain('N&amp;W');
  });

  it.each([
    ['a <script> element', svg('<script>alert(1)</script><rect width="1" height="1"/>')],
    ['an onload attribute', svg('<rect width="1" height="1"/>', ' onload="alert(1)"')],
    ['an onclick on a child', svg('<rect width="1" height="1" onclick="alert(1)"/>')],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>')],
    [
      'a javascript: xlink',
      svg(
        '<a xlink:href=" java\tscript:alert(1)"><rect width="1" height="1"/></a>',
        ' xmlns:xlink="http://www.w3.org/1999/xlink"',
      ),
    ],
  ])('refuses %s', async (_name, bytes) => {
    await expect(sanitizeSvgLogo(bytes)).rejects.toThrow(SvgLogoRefused);
  });

  it('drops what is not drawing (foreignObject) without refusing', async () => {
    const out = (await sanitizeSvgLogo(svg('<foreignObject><div>x</div></foreignObject><circle r="3"/>'))).toString();
    expect(out).not.toContain('foreignObject');
    expect(out).toContain('<circle r="3"');
  });
});

describe('fill page embedding', () => {
  it('allows exact https origins; http only where insecure outbound is allowed', () => {
    expect(frameAncestorProblem('https://portal.example.com', false)).toBeNull();
    expect(frameAncestorProblem('https://portal.example.com:8443', false)).toBeNull();
    expect(frameAncestorProblem('http://127.0.0.1:5000', false)).toMatch(/must be an https:\/\/ origin/);
    expect(frameAncestorProblem('http://127.0.0.1:5000', true)).toBeNull();
    for (const bad of ['https://portal.example.com/', 'https://portal.example.com/x', 'https://Portal.example.com'])
      expect(frameAncestorProblem(bad, false)).toMatch(/origin alone/);
    expect(frameAncestorProblem('https://*.example.com', false)).not.toBeNull();
    expect(frameAncestorProblem('portal.example.com', false)).toMatch(/not an origin/);
    expect(frameAncestorProblem("'self'", false)).not.toBeNull();
  });

  it('takes a redirect only on an allowed origin, over https', () => {
    const allowed = ['https://portal.example.com'];
    expect(redirectUrlProblem('https://portal.example.com/done?x=1', allowed, false)).toBeNull();
    expect(redirectUrlProblem('https://evil.example.com/done', allowed, false)).toMatch(/fill_frame_ancestors/);
    expect(redirectUrlProblem('http://portal.example.com/done', allowed, false)).toMatch(/https/);
    expect(redirectUrlProblem('https://u:p@portal.example.com/', allowed, false)).toMatch(/user name/);
    expect(redirectUrlProblem('javascript:alert(1)', allowed, false)).toMatch(/https/);
    expect(redirectUrlProblem('/relative', allowed, false)).toMatch(/absolute/);
    expect(redirectUrlProblem('https://portal.example.com/', [], false)).toMatch(/lists none/);
  });

  it('adds submission_id to the redirect, keeping its own query', () => {
    expect(redirectTarget('https://portal.example.com/done?visit=7', 'sub_1')).toBe(
      'https://portal.example.com/done?visit=7&submission_id=sub_1',
    );
  });

  it("says 'none' when no origin may frame the page", () => {
    expect(frameAncestorsDirective([])).toBe("frame-ancestors 'none'");
    expect(frameAncestorsDirective(['https://a.example', 'https://b.example'])).toBe(
      'frame-ancestors https://a.example https://b.example',
    );
  });
});
