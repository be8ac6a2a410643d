/**
 * Page rasters for OCR: poppler's pdftoppm renders one page, in the viewer's orientation (its /Rotate applied)
 * over the crop box, as 8-bit grey. Plain Node, no Nest: runs inside the PDF sandbox's child process.
 */
import { execFile } from 'node:child_process';

export interface Gray {
  width: number;
  height: number;
  /** One byte per pixel, 0 black .. 255 white, row by row from the top. */
  data: Uint8Array;
}

/** Parses a binary PGM (P5, maxval 255): what pdftoppm -gray writes. */
export function parsePgm(bytes: Buffer): Gray {
  const header = /^P5\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+255\s/.exec(bytes.toString('latin1', 0, 64));
  if (!header) throw new Error('not an 8-bit PGM image');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset + header[0].length, width * height);
  if (data.length < width * height) throw new Error('PGM image data too short');
  return { width, height, data };
}

export function run(cmd: string, args: string[], input: Buffer | null, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      cmd,
      args,
      {
        encoding: 'buffer',
        timeout: timeoutMs,
        maxBuffer: 256 * 1024 * 1024,
        killSignal: 'SIGKILL',
        // tesseract's OpenMP threads fight each other (and the other workers) on a small machine: one is
        // several times faster here than the default.
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      },
      (error, stdout) => (error ? reject(new Error(`${cmd} failed: ${error.message}`)) : resolve(stdout)),
    );
    // A tool that exits early closes its stdin: the write fails with EPIPE, and the exit status says why.
    child.stdin?.on('error', () => undefined);
    if (input) child.stdin?.end(input);
  });
}

/** Renders page `pageNumber` (1-based) of the PDF file at `dpi`. */
export async function rasterizePage(
  pdfPath: string,
  pageNumber: number,
  dpi: number,
  timeoutMs: number,
): Promise<Gray> {
  const out = await run(
    'pdftoppm',
    ['-gray', '-r', String(dpi), '-f', String(pageNumber), '-l', String(pageNumber), pdfPath],
    null,
    timeoutMs,
  );
  return parsePgm(out);
}

/** A PGM file of an image, for tesseract's stdin. */
export function toPgm(img: Gray): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${img.width} ${img.height}\n255\n`, 'latin1'), Buffer.from(img.data)]);
}

export const SCAN_DPI = {
  /** Pages that are not one scanned image are rendered at this resolution (tesseract reads 200-300 dpi best). */
  fallback: 200,
  /** A scan's own resolution is used within these bounds (below, thin lines are dots; above, OCR is slow). */
  min: 150,
  max: 300,
  /** The image must cover this share of the page to count as the page's scan. */
  minCover: 0.9,
};

/**
 * The resolution to render a page at: when the page is one scanned image, that image's own pixels per inch
 * (clamped), so poppler copies its pixels rather than resampling them (resampling turns a 150 dpi scan's thin
 * lines into grey dots and a 300 dpi scan's dark bands into speckle); otherwise the fallback.
 */
export async function scanDpi(
  pdfPath: string,
  pageNumber: number,
  pageAreaPt2: number,
  timeoutMs: number,
): Promise<number> {
  let listing: string;
  try {
    const out = await run(
      'pdfimages',
      ['-list', '-f', String(pageNumber), '-l', String(pageNumber), pdfPath],
      null,
      timeoutMs,
    );
    listing = out.toString('latin1');
  } catch {
    return SCAN_DPI.fallback;
  }
  // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
  const images = listing
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length >= 14 && f[2] === 'image' && /^\d+$/.test(f[0]));
  if (images.length !== 1) return SCAN_DPI.fallback;
  const [w, h, xppi, yppi] = [3, 4, 12, 13].map((i) => Number(images[0][i]));
  if (!(xppi > 0 && yppi > 0)) return SCAN_DPI.fallback;
  const coverPt2 = (w / xppi) * (h / yppi) * 72 * 72;
  if (coverPt2 < SCAN_DPI.minCover * pageAreaPt2) return SCAN_DPI.fallback;
  return Math.min(SCAN_DPI.max, Math.max(SCAN_DPI.min, Math.round(Math.sqrt(xppi * yppi))));
}

export const PAPER_PARAMS = {
  /** The paper's shade is the grey level this share of the page's pixels is darker than (most of a page is paper). */
  paperQuantile: 0.7,
  /** Paper at least this light is left as it is. */
  whiteEnough: 235,
  /** Paper darker than this is no paper: the page is left as it is (a photo, a dark band across the whole sheet). */
  darkest: 90,
};

/**
 * A copy on grey or yellowed paper, or from a copier set too dark, made to look like one on white paper: the
 * paper's shade is stretched to white and every other grey with it, so the fixed ink thresholds of the rules,
 * rings and brackets (tuned on white paper) hold. A page on white paper is returned as it is.
 */
export function whitenPaper(img: Gray): Gray {
  const counts = new Uint32Array(256);
  // Every 7th pixel is plenty for a histogram.
  for (let i = 0; i < img.data.length; i += 7) counts[img.data[i]]++;
  const total = counts.reduce((a, b) => a + b, 0);
  let seen = 0;
  let paper = 255;
  for (let v = 0; v < 256; v++) {
    seen += counts[v];
    if (seen >= PAPER_PARAMS.paperQuantile * total) {
      paper = v;
      break;
    }
  }
  if (paper >= PAPER_PARAMS.whiteEnough || paper < PAPER_PARAMS.darkest) return img;
  const map = new Uint8Array(256);
  for (let v = 0; v < 256; v++) map[v] = Math.min(255, Math.round((v * 255) / paper));
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i++) data[i] = map[img.data[i]];
  return { ...img, data };
}
