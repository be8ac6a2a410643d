/** Opens a PDF with pdf.js, quietly, and always releases it. */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { loadPdfJs, type PdfJsModule } from './pdfjs-loader';

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
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (e) {
    throw new Error(`Cannot read the PDF: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    return await fn(doc, pdfjs);
  } finally {
    await doc.destroy();
  }
}
