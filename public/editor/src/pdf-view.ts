// Draws the PDF's pages with pdf.js (served from this origin: bundle, worker and standard fonts).
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy, PageViewport, RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Rect } from './types';

/** CSS pixels per PDF point at 100% zoom. */
const BASE_SCALE = 1.25;

export interface Page {
  num: number;
  el: HTMLElement;
  canvas: HTMLCanvasElement;
  layer: HTMLElement;
  pdfPage: PDFPageProxy;
  viewport: PageViewport | null;
  task: RenderTask | null;
}

/** A box on a page, in the layer's CSS pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export async function openPdf(
  bytes: Uint8Array,
  { workerUrl, fontsUrl }: { workerUrl: string; fontsUrl: string },
): Promise<PDFDocumentProxy> {
  GlobalWorkerOptions.workerSrc = workerUrl;
  // No eval (CSP script-src 'self'); fonts for non-embedded standard fonts come from this origin.
  return getDocument({ data: bytes, isEvalSupported: false, standardFontDataUrl: fontsUrl }).promise;
}

/** One page element per PDF page: a canvas below and a layer for the field boxes above. */
export async function createPages(pdf: PDFDocumentProxy, container: HTMLElement): Promise<Page[]> {
  const pages: Page[] = [];
  for (let num = 1; num <= pdf.numPages; num++) {
    const pdfPage = await pdf.getPage(num);
    const el = document.createElement('section');
    el.className = 'pdf-page';
    el.dataset.page = String(num);
    el.setAttribute('aria-label', `Page ${num} of ${pdf.numPages}`);
    const canvas = document.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    const layer = document.createElement('div');
    layer.className = 'field-layer';
    layer.dataset.page = String(num);
    el.append(canvas, layer);
    container.append(el);
    pages.push({ num, el, canvas, layer, pdfPage, viewport: null, task: null });
  }
  return pages;
}

/** The page's viewport; pages are rendered once before anything asks for it. */
export function viewportOf(page: Page): PageViewport {
  if (!page.viewport) throw new Error(`Page ${page.num} is not drawn yet`);
  return page.viewport;
}

/** (Re)draws every page at `zoom`; the page's viewport maps PDF points to the layer's CSS pixels. */
export async function renderPages(pages: Page[], zoom: number): Promise<void> {
  const ratio = window.devicePixelRatio || 1;
  for (const page of pages) {
    page.task?.cancel();
    const viewport = page.pdfPage.getViewport({ scale: BASE_SCALE * zoom });
    page.viewport = viewport;
    page.el.style.width = `${viewport.width}px`;
    page.el.style.height = `${viewport.height}px`;
    page.canvas.width = Math.floor(viewport.width * ratio);
    page.canvas.height = Math.floor(viewport.height * ratio);
    page.canvas.style.width = `${viewport.width}px`;
    page.canvas.style.height = `${viewport.height}px`;
  }
  for (const page of pages) {
    const ctx = page.canvas.getContext('2d');
    if (!ctx) continue;
    const task = page.pdfPage.render({
      canvasContext: ctx,
      viewport: viewportOf(page),
      transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
    });
    page.task = task;
    try {
      await task.promise;
    } catch (error) {
      if ((error as { name?: string } | null)?.name !== 'RenderingCancelledException') throw error;
    }
  }
}

/** A PDF rect [x1, y1, x2, y2] as a CSS box {left, top, width, height} on its page. */
export function toBox(viewport: PageViewport, rect: Rect): Box {
  const [a, b, c, d] = viewport.convertToViewportRectangle(rect) as number[];
  return { left: Math.min(a, c), top: Math.min(b, d), width: Math.abs(c - a), height: Math.abs(d - b) };
}

/** A CSS box back to a PDF rect, clamped to the page, rounded to 0.01 pt. */
export function toRect(viewport: PageViewport, box: Box): Rect {
  const left = Math.max(0, Math.min(box.left, viewport.width));
  const top = Math.max(0, Math.min(box.top, viewport.height));
  const right = Math.max(0, Math.min(box.left + box.width, viewport.width));
  const bottom = Math.max(0, Math.min(box.top + box.height, viewport.height));
  const [x1, y1] = viewport.convertToPdfPoint(left, top) as number[];
  const [x2, y2] = viewport.convertToPdfPoint(right, bottom) as number[];
  const r = (n: number): number => Math.round(n * 100) / 100;
  return [r(Math.min(x1, x2)), r(Math.min(y1, y2)), r(Math.max(x1, x2)), r(Math.max(y1, y2))];
}
