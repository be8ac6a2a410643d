/**
 * Page rasters for OCR: poppler's pdftoppm renders one page, in the viewer's orientation (its /Rotate applied)
 * over the crop box, as 8-bit grey. Plain Node, no Nest: runs inside the PDF sandbox's child process.
 */
import { execFile, type ExecFileException } from 'node:child_process';

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
  // Checked on the bytes themselves: a view of a pooled Buffer's memory would read past them without an error.
  if (bytes.length - header[0].length < width * height) throw new Error('PGM image data too short');
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset + header[0].length, width * height);
  return { width, height, data };
}

/** What each tool is called in a failure message: the import's warnings say what failed, never a command line. */
const TOOL_WORDS: Record<string, string> = {
  pdftoppm: 'rendering the page',
  pdfimages: 'listing the page images',
  tesseract: 'reading the text',
};

/**
 * Limits of every OCR tool process, on top of the sandbox's own deadline: the tools run in the sandbox child's
 * process group (killed with it), and each gets an address-space and a CPU-time limit from the shell (`ulimit`)
 * so a hostile page cannot make a renderer take gigabytes or minutes of CPU the child's watchdog does not see.
 */
export const TOOL_LIMITS = {
  /** Virtual memory of one tool process, in MB (pdftoppm at 300 dpi on a letter page needs under 200). */
  addressSpaceMb: 1024,
  /** CPU seconds of one tool process beyond its wall-clock timeout (one thread: CPU time is at most wall time). */
  cpuGraceSeconds: 1,
};

/** A failed tool run, in words (no command line, no temporary path). */
export class OcrToolError extends Error {}

function failureInWords(cmd: string, timeoutMs: number, error: ExecFileException): string {
  const what = TOOL_WORDS[cmd] ?? 'an OCR tool';
  if (error.code === 'ENOENT' || error.code === 127) return `${what} failed: the tool is not installed`;
  if (error.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') return `${what} failed: its output was too large`;
  if (error.killed && error.signal === 'SIGKILL') return `${what} took longer than ${Math.round(timeoutMs / 1000)} s`;
  if (error.signal === 'SIGXCPU' || error.signal === 'SIGKILL') return `${what} used more than its CPU time`;
  if (error.signal) return `${what} stopped unexpectedly (it ran out of memory or crashed)`;
  return `${what} failed (the page could not be processed)`;
}

/**
 * Runs an OCR tool with its input on stdin and resolves with its stdout. Through `sh -c 'ulimit ...; exec'`: the
 * limits apply to the tool itself (exec replaces the shell, so the timeout's SIGKILL reaches the tool).
 */
export function run(cmd: string, args: string[], input: Buffer | null, timeoutMs: number): Promise<Buffer> {
  const cpuSeconds = Math.ceil(timeoutMs / 1000) + TOOL_LIMITS.cpuGraceSeconds;
  const limits = `ulimit -v ${TOOL_LIMITS.addressSpaceMb * 1024} && ulimit -t ${cpuSeconds} && exec "$0" "$@"`;
  return new Promise((resolve, reject) => {
    const child = execFile(
      'sh',
      ['-c', limits, cmd, ...args],
      {
        encoding: 'buffer',
        timeout: timeoutMs,
        maxBuffer: 256 * 1024 * 1024,
        killSignal: 'SIGKILL',
        // tesseract's OpenMP threads fight each other (and the other workers) on a small machine: one is
        // several times faster here than the default.
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      },
      (error, stdout) => (error ? reject(new OcrToolError(failureInWords(cmd, timeoutMs, error))) : resolve(stdout)),
    );
    // A tool that exits early closes its stdin: the write fails with EPIPE, and the exit status says why.
    child.stdin?.on('error', () => undefined);
    if (input) child.stdin?.end(input);
  });
}

/** Renders page `pageNumber` (1-based) of the PDF file at `dpi`; `crop` (pixels at that dpi) renders part of it. */
export async function rasterizePage(
  pdfPath: string,
  pageNumber: number,
  dpi: number,
  timeoutMs: number,
  crop?: { x: number; y: number; w: number; h: number },
): Promise<Gray> {
  const region = crop ? ['-x', crop.x, '-y', crop.y, '-W', crop.w, '-H', crop.h].map(String) : [];
  const args = ['-gray', '-r', String(dpi), ...region, '-f', String(pageNumber), '-l', String(pageNumber), pdfPath];
  return parsePgm(await run('pdftoppm', args, null, timeoutMs));
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
  const args = ['-list', '-f', String(pageNumber), '-l', String(pageNumber), pdfPath];
  const listing = await run('pdfimages', args, null, timeoutMs)
    .then((out) => out.toString('latin1'))
    .catch(() => '');
  // A listing that failed holds no image: the fallback. Columns: page num type width height color comp bpc enc
  // interp object ID x-ppi y-ppi size ratio
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

/**
 * Pixels of one page raster at most. The raster and the analysis's copies of it (summed-area tables, turned and
 * straightened images) live in the sandbox child, and the renderer's own buffers in pdftoppm: a page of 200 by 200
 * inches at 200 dpi would be 1.6 billion pixels. A letter page at 300 dpi is 8.4 million, tabloid 16.8 million.
 */
export const RASTER_LIMITS = {
  maxPixels: 24_000_000,
  /** Below this a larger page is not rendered at all: its words would be too small to read. */
  minDpi: 100,
};

/**
 * The resolution within the pixel budget: `dpi`, or lower for a large page, never below RASTER_LIMITS.minDpi.
 * Throws an OcrToolError that says so for a page too large even at that.
 */
export function dpiWithinBudget(dpi: number, widthPt: number, heightPt: number): number {
  const squareInches = (widthPt / 72) * (heightPt / 72);
  const fitting = Math.floor(Math.sqrt(RASTER_LIMITS.maxPixels / squareInches));
  if (fitting >= dpi) return dpi;
  if (fitting >= RASTER_LIMITS.minDpi) return fitting;
  const inches = (pt: number): string => String(Math.round(pt / 72));
  throw new OcrToolError(
    `the page is too large to read by OCR (${inches(widthPt)} by ${inches(heightPt)} inches; at most ` +
      `${RASTER_LIMITS.maxPixels / 1_000_000} million pixels at ${RASTER_LIMITS.minDpi} dpi)`,
  );
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
  const paper = quantileOf(counts, PAPER_PARAMS.paperQuantile);
  if (paper >= PAPER_PARAMS.whiteEnough || paper < PAPER_PARAMS.darkest) return img;
  const map = levels((v) => (v * 255) / paper);
  return { ...img, data: img.data.map((v) => map[v]) };
}

/** The grey level below which `share` of a histogram's pixels lie (the first level reaching it). */
export function quantileOf(counts: Uint32Array, share: number): number {
  const total = counts.reduce((a, b) => a + b, 0);
  let seen = 0;
  for (let v = 0; v < 256; v++) if ((seen += counts[v]) >= share * total) return v;
  return 255;
}

/** A map of the 256 grey levels, each rounded to a level (at most white). */
export const levels = (tone: (v: number) => number): Uint8Array =>
  Uint8Array.from({ length: 256 }, (_, v) => Math.min(255, Math.round(tone(v))));
