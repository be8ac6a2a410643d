import type { PDFDocument } from 'pdf-lib';
import { deflateSync, inflateSync } from 'zlib';
import { parsePng, unfilter, type EmbeddedImage } from './png';

/**
 * Signatures arrive as the whole pad (a wide canvas with a small scrawl in it, often thin antialiased strokes).
 * Drawn as they are, they end up a fraction of an inch wide and pale. So the image is cropped to its ink and
 * every inked pixel is made black with a boosted opacity: then the box's height can be filled and the strokes
 * read at 100 %.
 */

/** Ink strength (0..1) from which a pixel counts as part of the signature. */
const INK_THRESHOLD = 0.12;
/** Opacity boost for antialiased stroke edges, so thin strokes stay dark when scaled. */
const ALPHA_GAIN = 1.8;
/** Transparent margin kept around the ink, in source pixels. */
const MARGIN_PX = 2;

export interface InkImage {
  width: number;
  height: number;
  /** One byte per pixel: the ink's opacity (the ink itself is black). */
  alpha: Uint8Array;
}

/** Ink strength of an RGBA pixel: dark and opaque is ink; transparent or light (paper) is not. */
function inkStrength(r: number, g: number, b: number, a: number): number {
  const luminance = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  return (a / 255) * (1 - luminance);
}

/**
 * Ink strength per pixel of an 8-bit grey, RGB, grey+alpha or RGBA PNG, not interlaced (what canvases and our
 * typed-name renderer produce), read straight from the unfiltered rows; null for other PNGs. Stored as float32,
 * the precision the opacity is computed from, with the box of the pixels at or above the ink threshold.
 */
interface Strength {
  width: number;
  height: number;
  strength: Float32Array;
  box: [number, number, number, number];
}

function decodeStrength(png: Uint8Array): Strength | null {
  const info = parsePng(png);
  const channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[info.colorType];
  if (channels === undefined || info.bitDepth !== 8 || info.interlaced || info.hasTransparencyChunk) return null;
  const { width, height } = info;
  const rowBytes = width * channels;
  const raw = inflateSync(info.idat);
  if (raw.length < (rowBytes + 1) * height) throw new Error('image data too short');
  const px = unfilter(raw, rowBytes, height, channels);
  const strength = new Float32Array(width * height);
  const grey = channels < 3;
  const alphaAt = channels === 2 ? 1 : channels === 4 ? 3 : -1;
  let [x1, y1, x2, y2] = [width, height, -1, -1];
  for (let y = 0, i = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++, p += channels) {
      const a = alphaAt < 0 ? 255 : px[p + alphaAt];
      if (a === 0) continue; // no ink: strength 0, as the array starts
      const r = px[p];
      const s = grey ? inkStrength(r, r, r, a) : inkStrength(r, px[p + 1], px[p + 2], a);
      strength[i] = s;
      if (s < INK_THRESHOLD) continue;
      if (x < x1) x1 = x;
      if (x > x2) x2 = x;
      if (y < y1) y1 = y;
      if (y > y2) y2 = y;
    }
  }
  return { width, height, strength, box: [x1, y1, x2, y2] };
}

/**
 * The signature's ink, cropped to its bounding box; null when the image has no ink or is a PNG variant this
 * does not decode (16-bit, palette, interlaced: those are embedded as they are). Throws on a corrupt PNG.
 */
export function extractInk(png: Uint8Array): InkImage | null {
  const decoded = decodeStrength(png);
  if (!decoded) return null;
  const { width, height, strength } = decoded;
  let [x1, y1, x2, y2] = decoded.box;
  if (x2 < 0) return null;
  x1 = Math.max(0, x1 - MARGIN_PX);
  y1 = Math.max(0, y1 - MARGIN_PX);
  x2 = Math.min(width - 1, x2 + MARGIN_PX);
  y2 = Math.min(height - 1, y2 + MARGIN_PX);
  const w = x2 - x1 + 1;
  const h = y2 - y1 + 1;
  const alpha = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const s = strength[(y + y1) * width + (x + x1)];
      alpha[y * w + x] = s < INK_THRESHOLD / 2 ? 0 : Math.min(255, Math.round(s * ALPHA_GAIN * 255));
    }
  }
  return { width: w, height: h, alpha };
}

/** Embeds ink as a black image with the ink's opacity as its soft mask. */
export function embedInk(doc: PDFDocument, ink: InkImage): EmbeddedImage {
  const ctx = doc.context;
  const smask = ctx.stream(deflateSync(ink.alpha), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: ink.width,
    Height: ink.height,
    BitsPerComponent: 8,
    ColorSpace: 'DeviceGray',
    Filter: 'FlateDecode',
  });
  const black = ctx.stream(deflateSync(new Uint8Array(ink.width * ink.height)), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: ink.width,
    Height: ink.height,
    BitsPerComponent: 8,
    ColorSpace: 'DeviceGray',
    Filter: 'FlateDecode',
    SMask: ctx.register(smask),
  });
  return { ref: ctx.register(black), width: ink.width, height: ink.height };
}
