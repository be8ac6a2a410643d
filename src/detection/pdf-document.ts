/** Opens a PDF with pdf.js, quietly, and always releases it. */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { loadPdfJs, type PdfJsModule } from './pdfjs-loader';

/** The error for bytes no PDF reader could open, with the reader's reason. */
export const unreadable = (e: unknown): Error =>
  new Error(`Cannot read the PDF: ${e instanceof Error ? e.message : String(e)}`);

export async function withPdfJsDocument<T>(
  bytes: Uint8Array,
  fn: (doc: PDFDocumentProxy, pdfjs: PdfJsModule) => Promise<T>,
): Promise<T> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
  });
  const doc = await task.promise.catch((e: unknown) => Promise.reject(unreadable(e)));
  try {
    return await fn(doc, pdfjs);
  } finally {
    await doc.destroy();
  }
}
