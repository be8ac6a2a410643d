import { unfilter } from './png';

/** The PNG specification's reconstruction, byte by byte (the reference for the per-row loops). */
function reference(data: Uint8Array, rowBytes: number, height: number, bpp: number): Uint8Array {
  const out = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (rowBytes + 1)];
    for (let x = 0; x < rowBytes; x++) {
      const raw = data[y * (rowBytes + 1) + 1 + x];
      const a = x >= bpp ? out[y * rowBytes + x - bpp] : 0;
      const b = y > 0 ? out[(y - 1) * rowBytes + x] : 0;
      const c = x >= bpp && y > 0 ? out[(y - 1) * rowBytes + x - bpp] : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter];
      out[y * rowBytes + x] = (raw + predictor) & 0xff;
    }
  }
  return out;
}

describe('unfilter', () => {
  it('reconstructs every filter type as the PNG specification does', () => {
    let seed = 7;
    const next = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % 256);
    for (const bpp of [1, 2, 3, 4, 6, 8]) {
      for (const width of [1, 2, 5, 33]) {
        const rowBytes = width * bpp;
        const height = 11;
        const data = new Uint8Array((rowBytes + 1) * height);
        for (let y = 0; y < height; y++) {
          data[y * (rowBytes + 1)] = (y + bpp) % 5;
          for (let x = 0; x < rowBytes; x++) data[y * (rowBytes + 1) + 1 + x] = next();
        }
        expect(Buffer.from(unfilter(data, rowBytes, height, bpp))).toEqual(
          Buffer.from(reference(data, rowBytes, height, bpp)),
        );
      }
    }
  });

  it('refuses an unknown filter type', () => {
    expect(() => unfilter(new Uint8Array([5, 1, 2]), 2, 1, 1)).toThrow('bad row filter 5');
  });
});
