import { PDFDocument, ParseSpeeds } from 'pdf-lib';
import { fillAcroForm, type Fallback } from './acroform';
import { PageCanvas } from './canvas';
import { flattenForm } from './flatten';
import { FontMetrics, embedRenderFont, fontFamily, forgetRenderedText, isWinAnsiEncodable } from './fonts';
import { layoutComb, layoutSpans, layoutText, type SpanText } from './layout';
import { useNativeDeflate } from './native-deflate';
import { embedPngFast, hasPngSignature, type EmbeddedImage } from './png';
import { RenderInputError, type RenderField, type RenderInput } from './types';
import { embedInk, extractInk } from './signature-ink';
import { dateParts, displayText, fitToLength, isChoiceKind, isTicked } from './values';

/** Load/save options shared with the bench's floor measurement. */
export const LOAD_OPTIONS = { parseSpeed: ParseSpeeds.Fastest, updateMetadata: false } as const;
export const SAVE_OPTIONS = { objectsPerTick: Number.POSITIVE_INFINITY, updateFieldAppearances: false } as const;

type Job =
  | { field: RenderField; draw: 'text'; text: string }
  | { field: RenderField; draw: 'date'; parts: SpanText[] }
  | { field: RenderField; draw: 'check' }
  | { field: RenderField; draw: 'circle' }
  | { field: RenderField; draw: 'image'; png: Uint8Array };

/** What to draw for a field without an AcroForm binding, or null when it has no answer. */
function flatJob(field: RenderField, input: RenderInput): Job | null {
  const png = input.signatures[field.fieldId];
  if (png !== undefined) return { field, draw: 'image', png };
  const answer = input.answers[field.fieldId];
  if (isChoiceKind(field.kind)) {
    if (!isTicked(answer)) return null;
    return { field, draw: field.mark === 'circle' ? 'circle' : 'check' };
  }
  const layout = field.kind === 'date' ? field.dateLayout : undefined;
  const parts = layout?.spans && typeof answer === 'string' ? dateParts(answer) : null;
  if (layout?.spans && parts) {
    const spans = layout.spans;
    return {
      field,
      draw: 'date',
      parts: layout.order.map((p, i) => ({ text: parts[p], from: spans[i][0], to: spans[i][1] })),
    };
  }
  const text = displayText(field.kind, answer, layout?.order);
  return text === null ? null : { field, draw: 'text', text };
}

function validateSignatures(input: RenderInput, known: ReadonlySet<string>): void {
  for (const [fieldId, png] of Object.entries(input.signatures)) {
    if (!known.has(fieldId)) continue;
    if (!(png instanceof Uint8Array) || !hasPngSignature(png)) {
      throw new RenderInputError(`Signature for field ${fieldId} is not a PNG image`, fieldId);
    }
  }
}

/**
 * Fills the template's PDF with the answers and returns a flattened PDF (no interactive form left).
 * Rules: AcroForm-bound answers fill the form (then it is flattened); other fields are drawn in their
 * rect (fitted text, comb cells, dates in the printed order and between printed separators, vector ticks,
 * ellipses around circled words, signatures cropped to their ink and filling the box's height). Unanswered fields stay
 * blank; unknown field ids are ignored; a signature that is not a readable PNG throws RenderInputError.
 */
export async function renderCompletedPdf(input: RenderInput): Promise<Uint8Array> {
  useNativeDeflate();
  try {
    return await renderDocument(input);
  } finally {
    forgetRenderedText();
  }
}

async function renderDocument(input: RenderInput): Promise<Uint8Array> {
  const known = new Set(input.fields.map((f) => f.fieldId));
  validateSignatures(input, known);

  const doc = await PDFDocument.load(input.pdf, LOAD_OPTIONS);
  const pages = doc.getPages();
  const hasAcroForm = doc.catalog.getAcroForm() !== undefined;

  const bound: RenderField[] = [];
  const jobs: Job[] = [];
  for (const field of input.fields) {
    if (field.page < 1 || field.page > pages.length) continue;
    const hasAnswer = input.answers[field.fieldId] !== undefined || input.signatures[field.fieldId] !== undefined;
    if (!hasAnswer) continue;
    const isImage = input.signatures[field.fieldId] !== undefined;
    if (field.acroform && hasAcroForm && !isImage) {
      bound.push(field);
      continue;
    }
    const job = flatJob(field, input);
    if (job) jobs.push(job);
  }

  // One font for the document: Helvetica if every string is WinAnsi, else the bundled DejaVu Sans.
  const strings: string[] = [];
  for (const job of jobs) {
    if (job.draw === 'text') strings.push(job.text);
    if (job.draw === 'date') strings.push(job.parts.map((p) => p.text).join(''));
  }
  for (const field of bound) {
    const a = input.answers[field.fieldId];
    if (typeof a === 'string') strings.push(displayText(field.kind, a) ?? '');
    else if (field.acroform?.value) strings.push(field.acroform.value);
  }
  const needsUnicode = !strings.every(isWinAnsiEncodable);
  const font = strings.length > 0 || bound.length > 0 ? await embedRenderFont(doc, needsUnicode) : null;

  const fallbacks: Fallback[] = [];
  if (hasAcroForm) {
    if (font && bound.length > 0) {
      const filled = fillAcroForm(doc, bound, input.answers, font);
      fallbacks.push(...filled.fallbacks);
      flattenForm(doc, filled.skipWidgets, filled.inline);
    } else {
      flattenForm(doc, new Set(), new Map());
    }
  }

  const allJobs: Job[] = [...jobs, ...fallbacks];
  if (allJobs.length > 0) {
    const images = new Map<Uint8Array, EmbeddedImage>();
    const canvases = new Map<number, PageCanvas>();
    const metrics = font ? new FontMetrics(font, fontFamily(needsUnicode)) : null;
    for (const job of allJobs) {
      const page = pages[job.field.page - 1];
      let canvas = canvases.get(job.field.page);
      if (!canvas) {
        canvas = new PageCanvas(page, font);
        canvases.set(job.field.page, canvas);
      }
      const frame = canvas.frame(job.field.rect);
      if (job.draw === 'check') {
        canvas.check(frame);
      } else if (job.draw === 'circle') {
        canvas.circle(frame);
      } else if (job.draw === 'date') {
        if (metrics) canvas.text(frame, layoutSpans(job.parts, frame.w, frame.h, metrics));
      } else if (job.draw === 'image') {
        let image = images.get(job.png);
        if (!image) {
          try {
            const ink = extractInk(job.png);
            image = ink ? embedInk(doc, ink) : (embedPngFast(doc, job.png) ?? (await doc.embedPng(job.png)));
          } catch (err) {
            const reason = err instanceof Error ? err.message : String(err);
            throw new RenderInputError(
              `Signature for field ${job.field.fieldId} is not a readable PNG: ${reason}`,
              job.field.fieldId,
            );
          }
          images.set(job.png, image);
        }
        canvas.image(frame, image);
      } else if (metrics) {
        const { combCells, maxLength, multiline } = job.field;
        let text = job.text;
        if (combCells && combCells > 0) {
          canvas.text(frame, layoutComb(fitToLength(text, combCells), frame.w, frame.h, combCells, metrics));
          continue;
        }
        if (maxLength && maxLength > 0) text = fitToLength(text, maxLength);
        canvas.text(frame, layoutText(text, frame.w, frame.h, metrics, { multiline }));
      }
    }
    for (const canvas of canvases.values()) canvas.flush();
  }

  return doc.save(SAVE_OPTIONS);
}
