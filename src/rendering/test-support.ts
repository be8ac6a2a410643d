/**
 * Helpers for the rendering specs and bench/render.bench.ts only (not used by the renderer).
 */
import * as path from 'path';
import { deflateSync } from 'zlib';

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/**
 * An 8-bit PNG of `raw` scanlines, each already led by its filter byte (0: none): grey (1 byte per pixel) or RGBA
 * (4). Shared by the rendering and OCR test helpers.
 */
export function encodePng(width: number, height: number, color: 'gray' | 'rgba', raw: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = color === 'rgba' ? 6 : 0;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small RGBA PNG with a dark "signature" wave on a transparent background. */
export function makeSignaturePng(width = 200, height = 60): Uint8Array {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let x = 0; x < width; x++) {
    const yc = Math.round(height / 2 + (height / 3) * Math.sin((x / width) * Math.PI * 4));
    for (let dy = -1; dy <= 1; dy++) {
      const y = yc + dy;
      if (y < 0 || y >= height) continue;
      const o = y * (width * 4 + 1) + 1 + x * 4;
      raw[o] = 20;
      raw[o + 1] = 20;
      raw[o + 2] = 90;
      raw[o + 3] = 255;
    }
  }
  return new Uint8Array(encodePng(width, height, 'rgba', raw));
}

/**
 * A pad-sized RGBA PNG (transparent) with a thin, partly antialiased scrawl only inside `ink`: like a signature
 * drawn small in the middle of a wide pad.
 */
export function makeScrawlPng(
  width: number,
  height: number,
  ink: { x: number; y: number; w: number; h: number },
): Uint8Array {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let x = ink.x; x < ink.x + ink.w; x++) {
    const t = (x - ink.x) / ink.w;
    const y = Math.round(ink.y + ink.h / 2 + (ink.h / 2 - 1) * Math.sin(t * Math.PI * 6));
    for (const [dy, alpha] of [
      [0, 200],
      [1, 60],
    ] as const) {
      const o = (y + dy) * (width * 4 + 1) + 1 + x * 4;
      raw[o] = 30;
      raw[o + 1] = 30;
      raw[o + 2] = 30;
      raw[o + 3] = alpha;
    }
  }
  return new Uint8Array(encodePng(width, height, 'rgba', raw));
}

export interface TextItem {
  str: string;
  /** Baseline origin and direction in unrotated user space. */
  x: number;
  y: number;
  a: number;
  b: number;
}

interface PdfJsLike {
  getDocument(src: {
    data: Uint8Array;
    isEvalSupported?: boolean;
    useSystemFonts?: boolean;
    standardFontDataUrl?: string;
  }): {
    promise: Promise<{
      numPages: number;
      getPage(n: number): Promise<{ getTextContent(): Promise<{ items: unknown[] }> }>;
      destroy(): Promise<void>;
    }>;
  };
}

let pdfjs: Promise<PdfJsLike> | undefined;

function loadPdfJs(): Promise<PdfJsLike> {
  pdfjs ??= (async () => {
    // Node >= 20.19 can require() ES modules; Jest's loader cannot, Node's own can.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const nodeModule = require('module') as { _load: (p: string, parent: unknown, isMain: boolean) => unknown };
    const worker = nodeModule._load(require.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs'), null, false);
    (globalThis as Record<string, unknown>).pdfjsWorker = worker;
    return nodeModule._load(require.resolve('pdfjs-dist/legacy/build/pdf.mjs'), null, false) as PdfJsLike;
  })();
  return pdfjs;
}

/** Text items of every page (index 0 = page 1), via pdfjs-dist. */
export async function extractText(pdf: Uint8Array): Promise<TextItem[][]> {
  const lib = await loadPdfJs();
  const standardFontDataUrl = `${path.dirname(require.resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
  const doc = await lib.getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    useSystemFonts: false,
    standardFontDataUrl,
  }).promise;
  const pages: TextItem[][] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(
        content.items
          .map((i) => i as { str?: string; transform?: number[] })
          .filter((i) => typeof i.str === 'string' && i.str.trim() !== '' && Array.isArray(i.transform))
          .map((i) => ({
            str: i.str as string,
            a: i.transform![0],
            b: i.transform![1],
            x: i.transform![4],
            y: i.transform![5],
          })),
      );
    }
  } finally {
    await doc.destroy();
  }
  return pages;
}
