/**
 * For tests and the bench, never production: turns a born-digital PDF into what a copier makes of it, an
 * image-only PDF (each page rasterized by poppler, turned by a small skew, speckled with noise), same page size.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { rotateImage } from './deskew';
import { rasterizePage, type Gray } from './raster';

export interface ScanOptions {
  dpi?: number;
  /** Degrees, counter-clockwise as seen on the page. */
  skewDeg?: number;
  /** Share of pixels flipped to random grey (0..1). */
  noise?: number;
  seed?: number;
  /** Turn each page a quarter turn clockwise (a sheet scanned sideways). */
  sideways?: boolean;
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export function grayPng(img: Gray): Buffer {
  const raw = Buffer.alloc((img.width + 1) * img.height);
  for (let y = 0; y < img.height; y++)
    raw.set(img.data.subarray(y * img.width, (y + 1) * img.width), y * (img.width + 1) + 1);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(img.width, 0);
  ihdr.writeUInt32BE(img.height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function speckle(img: Gray, share: number, seed: number): Gray {
  let s = seed >>> 0 || 1;
  const rand = (): number => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
  const data = Uint8Array.from(img.data);
  for (let i = 0; i < data.length; i++) if (rand() < share) data[i] = Math.floor(rand() * 256);
  return { ...img, data };
}

function sidewaysTurn(img: Gray): Gray {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[x * h + (h - 1 - y)] = data[y * w + x];
  return { width: h, height: w, data: out };
}

/** The scanned twin of `pdf`: one full-page greyscale image per page, no text layer. Unrotated pages only. */
export async function scanPdf(pdf: Uint8Array, options: ScanOptions = {}): Promise<Uint8Array> {
  const dpi = options.dpi ?? 200;
  const dir = await mkdtemp(join(tmpdir(), 'edform-scan-'));
  try {
    const path = join(dir, 'in.pdf');
    await writeFile(path, pdf);
    const source = await PDFDocument.load(pdf, { ignoreEncryption: true });
    const out = await PDFDocument.create();
    for (const [i, page] of source.getPages().entries()) {
      const { x, y, width, height } = page.getCropBox();
      let img = await rasterizePage(path, i + 1, dpi, 60_000);
      if (options.skewDeg) img = rotateImage(img, -options.skewDeg);
      if (options.noise) img = speckle(img, options.noise, (options.seed ?? 7) + i);
      const sideways = options.sideways === true;
      if (sideways) img = sidewaysTurn(img);
      const image = await out.embedPng(grayPng(img));
      const target = out.addPage(sideways ? [height, width] : [width, height]);
      if (x !== 0 || y !== 0) target.setMediaBox(x, y, sideways ? height : width, sideways ? width : height);
      target.drawImage(image, { x, y, width: sideways ? height : width, height: sideways ? width : height });
    }
    return out.save();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
