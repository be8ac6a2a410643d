import type { FieldKind } from '../shared/field-map';
import type { FieldFormat } from 'src/shared/answer-rules';

/** One field as the fill page sees it (no geometry beyond the page number). */
export interface FillFormField {
  field_id: string;
  kind: FieldKind;
  label: string;
  prompt: string;
  choice_label: string | null;
  question_id: string;
  /** 1-based page of the PDF. */
  page: number;
  /** The printed section heading the field sits under ("" when none). */
  section?: string;
  /** Choice fields: "circle" when the paper has the option word circled rather than a box ticked. */
  mark?: 'check' | 'circle';
  required: boolean;
  /** Prefill value: string for text-like kinds and date (YYYY-MM-DD), boolean for choices and checkbox. */
  value?: string | boolean;
  /** Locked prefill: shown read-only, re-asserted by the server at submit. */
  locked: boolean;
  /** Answer rules (decisions.md): always sent by GET /f/{code}/form, null when none. */
  format?: FieldFormat | null;
  /** Shown only while this option is ticked; null when always shown. */
  condition?: { field_id: string; equals: true } | null;
}

/** What `GET /f/{short_code}/form` returns and what the HTML page is rendered from. */
export interface FillFormModel {
  short_code: string;
  title: string;
  page_count: number;
  /** The field map's order: reading order (page, column, top to bottom). */
  fields: FillFormField[];
  /** The page language chosen for the link by the partner ("en", "es"), or null. */
  locale?: string | null;
}

/** Body of `POST /f/{short_code}/submit`. */
export interface FillSubmission {
  answers: Record<string, string | boolean>;
  signatures: Record<string, string>;
}

/** A refused submit: 400 VALIDATION_FAILED with one entry per offending field, for the page to show beside it. */
export interface FieldError {
  field_id: string;
  error: string;
}
