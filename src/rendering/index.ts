/**
 * PDF rendering: fills a template's source PDF with a submission's answers and flattens it.
 * Pure (no Nest, no I/O except reading the bundled font once); meant to run in a child process.
 */
export { renderCompletedPdf } from './render';
export { RenderInputError } from './types';
export type { RenderField, RenderInput } from './types';
export { formatDate } from './values';
