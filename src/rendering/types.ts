import type { DetectedField } from '../shared/field-map';

export interface RenderField extends DetectedField {
  fieldId: string;
  questionId: string;
}

export interface RenderInput {
  /** The template version's source PDF. */
  pdf: Uint8Array;
  fields: RenderField[];
  /** Keyed by fieldId: text-like kinds a string, date 'YYYY-MM-DD', choice/checkbox a boolean. */
  answers: Record<string, string | boolean>;
  /** fieldId -> PNG bytes. */
  signatures: Record<string, Uint8Array>;
}

/** Thrown for input that cannot be rendered faithfully (e.g. a signature that is not a PNG). */
export class RenderInputError extends Error {
  constructor(
    message: string,
    readonly fieldId: string | null = null,
  ) {
    super(message);
    this.name = 'RenderInputError';
  }
}
