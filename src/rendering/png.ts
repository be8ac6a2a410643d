import { inflateSync, deflateSync } from 'zlib';
import { PDFDocument, PDFName, PDFRef } from 'pdf-lib';

/** An embedded image, enough to place it. */
export interface EmbeddedImage {
  ref: PDFRef;
  width: number;
  height: number;
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function hasPngSignature(bytes: Uint8Array): boolean {
  return bytes.length > 33 && PNG_MAGIC.every((b, i) => bytes[i] === b);
}

interface PngInfo {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
  palette: Uint8Array | null;
  hasTransparencyChunk: boolean;
  idat: Uint8Array;
}

/** Throws on a malformed PNG. */
export function parsePng(bytes: Uint8Array): PngInfo {
  if (!hasPngSignature(bytes)) throw new Error('not a PNG file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 8;
  let ihdr: Omit<PngInfo, 'idat' | 'palette' | 'hasTransparencyChunk'> | null = null;
  let palette: Uint8Array | null = null;
  let hasTransparencyChunk = false;
  const idat: Uint8Array[] = [];
  let ended = false;
  while (pos + 8 <= bytes.length) {
    const length = view.getUint32(pos);
    const type = String.fromCharCode(bytes[pos + 4], bytes[pos + 5], bytes[pos + 6], bytes[pos + 7]);
    const start = pos + 8;
    const end = start + length;
    if (end + 4 > bytes.length) throw new Error(`truncated ${type} chunk`);
    if (type === 'IHDR') {
      if (length < 13) throw new Error('bad IHDR');
      ihdr = {
        width: view.getUint32(start),
        height: view.getUint32(start + 4),
        bitDepth: bytes[start + 8],
        colorType: bytes[start + 9],
        interlaced: bytes[start + 12] !== 0,
      };
    } else if (type === 'PLTE') palette = bytes.subarray(start, end);
    else if (type === 'tRNS') hasTransparencyChunk = true;
    else if (type === 'IDAT') idat.push(bytes.subarray(start, end));
    else if (type === 'IEND') {
      ended = true;
      break;
    }
    pos = end + 4;
  }
  if (!ihdr) throw new Error('missing IHDR');
  if (idat.length === 0) throw new Error('no image data');
  if (!ended) throw new Error('truncated (no IEND)');
  if (ihdr.width === 0 || ihdr.height === 0) throw new Error('empty image');
  const total = idat.reduce((n, c) => n + c.length, 0);
  const joined = new Uint8Array(total);
  let o = 0;
  for (const c of idat) {
    joined.set(c, o);
    o += c.length;
  }
  return { ...ihdr, palette, hasTransparencyChunk, idat: joined };
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Reverses PNG row filters; returns rows without filter bytes. One loop per filter type and row (a signature's
 * pixels pass through here on every render; a switch per byte was most of reading one).
 */
export function unfilter(data: Uint8Array, rowBytes: number, height: number, bpp: number): Uint8Array {
  const out = new Uint8Array(rowBytes * height);
  const zeros = new Uint8Array(rowBytes);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (rowBytes + 1)];
    const src = y * (rowBytes + 1) + 1;
    const row = out.subarray(y * rowBytes, (y + 1) * rowBytes);
    const up = y > 0 ? out.subarray((y - 1) * rowBytes, y * rowBytes) : zeros;
    const lead = Math.min(bpp, rowBytes);
    switch (filter) {
      case 0:
        row.set(data.subarray(src, src + rowBytes));
        break;
      case 1:
        for (let x = 0; x < lead; x++) row[x] = data[src + x];
        for (let x = lead; x < rowBytes; x++) row[x] = (data[src + x] + row[x - bpp]) & 0xff;
        break;
      case 2:
        for (let x = 0; x < rowBytes; x++) row[x] = (data[src + x] + up[x]) & 0xff;
        break;
      case 3:
        for (let x = 0; x < lead; x++) row[x] = (data[src + x] + (up[x] >> 1)) & 0xff;
        for (let x = lead; x < rowBytes; x++) row[x] = (data[src + x] + ((row[x - bpp] + up[x]) >> 1)) & 0xff;
        break;
      case 4:
        for (let x = 0; x < lead; x++) row[x] = (data[src + x] + paeth(0, up[x], 0)) & 0xff;
        for (let x = lead; x < rowBytes; x++) {
          row[x] = (data[src + x] + paeth(row[x - bpp], up[x], up[x - bpp])) & 0xff;
        }
        break;
      default:
        throw new Error(`bad row filter ${filter}`);
    }
  }
  return out;
}

/**
 * Embeds a PNG with Node's native zlib instead of pdf-lib's pure-JS path (which inflates with pako
 * and re-deflates every channel, ~10 ms for a small signature). Opaque grey/RGB/palette images are
 * passed through with PNG predictors; images with an alpha channel are split into colour + SMask.
 * Returns null for what it does not handle (interlaced, tRNS, odd bit depths): use pdf-lib then.
 * Throws on a corrupt PNG.
 */
export function embedPngFast(doc: PDFDocument, bytes: Uint8Array): EmbeddedImage | null {
  const png = parsePng(bytes);
  const channels = CHANNELS[png.colorType];
  if (channels === undefined) throw new Error(`bad colour type ${png.colorType}`);
  if (png.interlaced || png.hasTransparencyChunk) return null;
  if (![1, 2, 4, 8, 16].includes(png.bitDepth)) throw new Error(`bad bit depth ${png.bitDepth}`);
  const rowBytes = Math.ceil((png.width * channels * png.bitDepth) / 8);
  const raw = inflateSync(png.idat);
  if (raw.length < (rowBytes + 1) * png.height) throw new Error('image data too short');
  const ctx = doc.context;
  const { width, height, bitDepth } = png;

  if (png.colorType === 0 || png.colorType === 2 || png.colorType === 3) {
    let colorSpace: unknown = png.colorType === 2 ? 'DeviceRGB' : 'DeviceGray';
    if (png.colorType === 3) {
      if (!png.palette) throw new Error('palette image without PLTE');
      colorSpace = [
        PDFName.of('Indexed'),
        PDFName.of('DeviceRGB'),
        png.palette.length / 3 - 1,
        ctx.register(ctx.stream(png.palette)),
      ];
    }
    const stream = ctx.stream(png.idat, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
      BitsPerComponent: bitDepth,
      ColorSpace: colorSpace as never,
      Filter: 'FlateDecode',
      DecodeParms: { Predictor: 15, Colors: channels, BitsPerComponent: bitDepth, Columns: width },
    });
    return { ref: ctx.register(stream), width, height };
  }

  // Grey + alpha or RGBA: split the alpha channel into a soft mask.
  if (bitDepth !== 8 && bitDepth !== 16) throw new Error(`bad bit depth ${bitDepth} for alpha image`);
  const sample = bitDepth / 8;
  const bpp = channels * sample;
  const pixels = unfilter(raw, rowBytes, height, bpp);
  const colorChannels = channels - 1;
  const n = width * height;
  const color = new Uint8Array(n * colorChannels * sample);
  const alpha = new Uint8Array(n * sample);
  if (bitDepth === 8 && colorChannels === 3) {
    for (let i = 0, p = 0, c = 0; i < n; i++, p += 4, c += 3) {
      color[c] = pixels[p];
      color[c + 1] = pixels[p + 1];
      color[c + 2] = pixels[p + 2];
      alpha[i] = pixels[p + 3];
    }
  } else {
    const colorBytes = colorChannels * sample;
    let ci = 0;
    let ai = 0;
    for (let p = 0; p < n * bpp; p += bpp) {
      for (let k = 0; k < colorBytes; k++) color[ci++] = pixels[p + k];
      for (let k = 0; k < sample; k++) alpha[ai++] = pixels[p + colorBytes + k];
    }
  }
  const smask = ctx.stream(deflateSync(alpha), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    BitsPerComponent: bitDepth,
    ColorSpace: 'DeviceGray',
    Filter: 'FlateDecode',
  });
  const image = ctx.stream(deflateSync(color), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    BitsPerComponent: bitDepth,
    ColorSpace: colorChannels === 3 ? 'DeviceRGB' : 'DeviceGray',
    Filter: 'FlateDecode',
    SMask: ctx.register(smask),
  });
  return { ref: ctx.register(image), width, height };
}
