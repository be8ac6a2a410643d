import { boxFrame } from './canvas';
import { isWinAnsiEncodable } from './fonts';
import { MAX_FONT_SIZE, MIN_FONT_SIZE, layoutComb, layoutText, type Metrics } from './layout';
import { fitToLength, formatDate } from './values';

/** Every character 0.5 em wide, ascent 0.75, descent 0.25. */
const mono: Metrics = { ascent: 0.75, descent: 0.25, width: (t) => Array.from(t).length * 0.5 };

describe('layoutText', () => {
  it('uses at most 11 pt in a roomy box', () => {
    const l = layoutText('Jane', 300, 30, mono);
    expect(l.size).toBe(MAX_FONT_SIZE);
    expect(l.lines).toHaveLength(1);
  });

  it('shrinks a long single line to fit the box width', () => {
    const text = 'x'.repeat(40); // 20 em wide
    const l = layoutText(text, 164, 14, mono);
    expect(l.size).toBeLessThan(MAX_FONT_SIZE);
    expect(l.size).toBeGreaterThanOrEqual(MIN_FONT_SIZE);
    expect(mono.width(text) * l.size).toBeLessThanOrEqual(164 - 2 * 2 + 1e-6);
  });

  it('shrinks to the box height', () => {
    const l = layoutText('abc', 200, 8, mono);
    expect((mono.ascent + mono.descent) * l.size).toBeLessThanOrEqual(8);
  });

  it('wraps a multi-line field over several lines, top-aligned, inside the box', () => {
    const text = 'The quick brown fox jumps over the lazy dog again and again and again';
    const l = layoutText(text, 120, 60, mono, { multiline: true });
    expect(l.lines.length).toBeGreaterThan(1);
    expect(l.lines.map((x) => x.text).join(' ')).toBe(text);
    for (const line of l.lines) {
      expect(mono.width(line.text) * l.size).toBeLessThanOrEqual(120);
      expect(line.y - mono.descent * l.size).toBeGreaterThanOrEqual(0);
      expect(line.y + mono.ascent * l.size).toBeLessThanOrEqual(60);
    }
    expect(l.lines[0].y).toBeGreaterThan(l.lines[1].y);
  });

  it('keeps a single line in a low box and squeezes text that does not fit at 6 pt', () => {
    const l = layoutText('y'.repeat(200), 100, 12, mono);
    expect(l.lines).toHaveLength(1);
    expect(l.size).toBeLessThanOrEqual(MIN_FONT_SIZE);
    expect(l.hscale).toBeLessThan(1);
  });
});

describe('layoutComb', () => {
  it('centres one character per cell', () => {
    const l = layoutComb('123', 90, 20, 9, mono);
    expect(l.lines.map((x) => x.text)).toEqual(['1', '2', '3']);
    l.lines.forEach((line, i) => {
      const centre = line.x + (mono.width(line.text) * l.size) / 2;
      expect(centre).toBeCloseTo((i + 0.5) * 10, 5);
    });
  });
});

describe('values', () => {
  it('prints ISO dates as MM/DD/YYYY and leaves other strings alone', () => {
    expect(formatDate('2024-03-15')).toBe('03/15/2024');
    expect(formatDate('next Tuesday')).toBe('next Tuesday');
  });

  it('drops separators before cutting a value to its cells', () => {
    expect(fitToLength('123-45-6789', 9)).toBe('123456789');
    expect(fitToLength('03/15/2024', 8)).toBe('03152024');
    expect(fitToLength('abcdef', 4)).toBe('abcd');
  });

  it('tells WinAnsi text from text that needs the bundled font', () => {
    expect(isWinAnsiEncodable('Zoë Müller – “quoted” €5')).toBe(true);
    expect(isWinAnsiEncodable('Zoë Ðorđević')).toBe(false);
    expect(isWinAnsiEncodable('Łukasz')).toBe(false);
    expect(isWinAnsiEncodable('Иван')).toBe(false);
  });
});

describe('boxFrame', () => {
  it('maps the box so that its local x axis runs left-to-right for the viewer of a rotated page', () => {
    const rect: [number, number, number, number] = [100, 200, 130, 400];
    const r90 = boxFrame(rect, 90);
    // Rotate 90: the viewer's "right" is user-space +y, and the box is 200 wide, 30 high for them.
    expect(r90.matrix.slice(0, 4)).toEqual([0, 1, -1, 0]);
    expect([r90.w, r90.h]).toEqual([200, 30]);
    const apply = (m: number[], x: number, y: number): number[] => [
      m[0] * x + m[2] * y + m[4],
      m[1] * x + m[3] * y + m[5],
    ];
    for (const angle of [0, 90, 180, 270, -90, 450]) {
      const f = boxFrame(rect, angle);
      for (const [u, v] of [
        [0, 0],
        [f.w, f.h],
      ]) {
        const [x, y] = apply(f.matrix, u, v);
        expect(x).toBeGreaterThanOrEqual(100 - 1e-9);
        expect(x).toBeLessThanOrEqual(130 + 1e-9);
        expect(y).toBeGreaterThanOrEqual(200 - 1e-9);
        expect(y).toBeLessThanOrEqual(400 + 1e-9);
      }
    }
  });
});
