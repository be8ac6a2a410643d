/**
 * Scanned pages: a page with no usable text layer is read by OCR (see ocr-page.ts). The PDF is written once to a
 * private temporary file for poppler; it is deleted when detection ends.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PageContent } from '../layout/types';
import { imageMarks } from './image-marks';
import { ocrPage, timeLeft, type OcrPageResult } from './ocr-page';
import { tesseractAvailable } from './tesseract';

export type { OcrPageResult } from './ocr-page';

export const OCR_LIMITS = {
  /** A page with fewer characters than this has no usable text layer. */
  minGlyphs: 12,
  /** Time for one page: raster, orientation, OCR. */
  pageTimeoutMs: 15_000,
  /** Most OCR time for one document; within a detection budget, OCR ends by that budget's end. */
  documentMs: 40_000,
};

/**
 * Whether a page's own text is too thin to detect from: empty, a few stray characters over a picture, or only text
 * nobody sees (a copier's OCR layer, invisible or under the scan). Such a layer is never used: the drawn rules and
 * boxes exist only as pixels, so the page is rasterized anyway, and tesseract's words come in its coordinates.
 */
export function needsOcr(content: PageContent): boolean {
  const visible = content.glyphs.filter((g) => !g.hidden && g.ch.trim() !== '');
  return visible.length < OCR_LIMITS.minGlyphs;
}

/** Reads pages by OCR for one document; `close()` deletes the temporary copy of the PDF. */
export class OcrSession {
  private file?: Promise<string>;
  private dir?: string;
  private previous: Pick<OcrPageResult, 'languages' | 'quarterTurns'> = { languages: 'eng', quarterTurns: 0 };
  /** When OCR must be done: the detection's own document budget when it has one (the sandbox kills later). */
  private readonly deadline: number;

  constructor(
    private readonly pdf: Uint8Array,
    documentMs = OCR_LIMITS.documentMs,
  ) {
    this.deadline = Date.now() + Math.min(documentMs, OCR_LIMITS.documentMs);
  }

  static async open(pdf: Uint8Array, documentMs?: number): Promise<OcrSession | null> {
    return (await tesseractAvailable()) ? new OcrSession(pdf, documentMs) : null;
  }

  private path(): Promise<string> {
    this.file ??= (async () => {
      this.dir = await mkdtemp(join(tmpdir(), 'edform-ocr-'));
      const path = join(this.dir, 'page.pdf');
      await writeFile(path, this.pdf, { mode: 0o600 });
      return path;
    })();
    return this.file;
  }

  /** Whether OCR time is left for another page of this document. */
  get hasTime(): boolean {
    return this.deadline - Date.now() > 2_000;
  }

  /** Time left for a tool run on the page begun now: the page's time, within the document's. */
  private readonly pageTime = (): (() => number) =>
    timeLeft(Math.min(Date.now() + OCR_LIMITS.pageTimeoutMs, this.deadline));

  async read(pageNumber: number, base: PageContent): Promise<OcrPageResult> {
    const page = await ocrPage(await this.path(), pageNumber, base, this.pageTime(), this.previous);
    // A document is mostly in one language and fed one way: the next page starts with this one's language and turn.
    this.previous = { languages: page.languages, quarterTurns: page.quarterTurns };
    return page;
  }

  /** The page with the tick boxes drawn inside its images, and their words, added (see image-marks.ts). */
  async withImageMarks(pageNumber: number, base: PageContent): Promise<PageContent> {
    const { shapes, glyphs } = await imageMarks(await this.path(), pageNumber, base, this.pageTime());
    return shapes.length ? { ...base, shapes: [...base.shapes, ...shapes], glyphs: [...base.glyphs, ...glyphs] } : base;
  }

  async close(): Promise<void> {
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}
