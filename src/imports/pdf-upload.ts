import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';

/** "10 MB" of the specification: 10,485,760 bytes of decoded PDF. */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function tooLarge(size: number | 'unknown'): AppException {
  return new AppException(
    ErrorCode.PayloadTooLarge,
    `the PDF is ${size === 'unknown' ? 'larger than allowed' : `${size} bytes`}: at most 10 MB (${MAX_PDF_BYTES} bytes) is accepted`,
  );
}

/** `%PDF-` within the first 1024 bytes, as PDF readers accept. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

/** Decodes standard base64 (line breaks tolerated), refusing other alphabets, bad padding, oversize and non-PDFs. */
export function decodePdfBase64(value: string): Buffer {
  const compact = value.replace(/[\r\n]/g, '');
  if (compact.length === 0) throw AppException.validation('pdf_base64 is empty: send the PDF as standard base64');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
    throw AppException.validation('pdf_base64 is not standard base64 (A-Z, a-z, 0-9, +, / and = padding)');
  }
  const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0;
  const size = (compact.length / 4) * 3 - padding;
  if (size > MAX_PDF_BYTES) throw tooLarge(size);
  const bytes = Buffer.from(compact, 'base64');
  if (!looksLikePdf(bytes)) {
    throw AppException.validation('pdf_base64 does not hold a PDF: the bytes do not start with %PDF-');
  }
  return bytes;
}
