// Draws the PDF's pages with pdf.js (served from this origin: bundle, worker and standard fonts).
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** CSS pixels per PDF point at 100% zoom. */
const BASE_SCALE = 1.25;

export async function openPdf(bytes, { workerUrl, fontsUrl }) {
  GlobalWorkerOptions.workerSrc = workerUrl;
  // No eval (CSP script-src 'self'); fonts for non-embedded standard fonts come from this origin.
  return getDocument({ data: bytes, isEvalSupported: false, standardFontDataUrl: fontsUrl }).promise;
}

/** One page element per PDF page: a canvas below and a layer for the field boxes above. */
export async function createPages(pdf, container) {
  const pages = [];
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

/** (Re)draws every page at `zoom`; the page's viewport maps PDF points to the layer's CSS pixels. */
export async function renderPages(pages, zoom) {
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
    page.task = page.pdfPage.render({
      canvasContext: ctx,
      viewport: page.viewport,
      transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
    });
    try {
      await page.task.promise;
    } catch (error) {
      if (error?.name !== 'RenderingCancelledException') throw error;
    }
  }
}

/** A PDF rect [x1, y1, x2, y2] as a CSS box {left, top, width, height} on its page. */
export function toBox(viewport, rect) {
  const [a, b, c, d] = viewport.convertToViewportRectangle(rect);
  return { left: Math.min(a, c), top: Math.min(b, d), width: Math.abs(c - a), height: Math.abs(d - b) };
}

/** A CSS box back to a PDF rect, clamped to the page, rounded to 0.01 pt. */
export function toRect(viewport, box) {
  const left = Math.max(0, Math.min(box.left, viewport.width));
  const top = Math.max(0, Math.min(box.top, viewport.height));
  const right = Math.max(0, Math.min(box.left + box.width, viewport.width));
  const bottom = Math.max(0, Math.min(box.top + box.height, viewport.height));
  const [x1, y1] = viewport.convertToPdfPoint(left, top);
  const [x2, y2] = viewport.convertToPdfPoint(right, bottom);
  const r = (n) => Math.round(n * 100) / 100;
  return [r(Math.min(x1, x2)), r(Math.min(y1, y2)), r(Math.max(x1, x2)), r(Math.max(y1, y2))];
}
