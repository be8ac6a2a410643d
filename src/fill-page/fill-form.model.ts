import type { FieldKind } from 'src/detection/field-map';

/** One field as the fill page sees it (no geometry beyond the page number). */
export interface FillFormField {
  field_id: string;
  kind: FieldKind;
  label: string;
  prompt: string;
  choice_label: string | null;
  question_id: string | null;
  /** 1-based page of the PDF. */
  page: number;
  required: boolean;
  /** Prefill value: string for text-like kinds and date (YYYY-MM-DD), boolean for choices and checkbox. */
  value?: string | boolean;
  /** Locked prefill: shown read-only, re-asserted by the server at submit. */
  locked: boolean;
}

/** What `GET /f/{short_code}/form` returns and what the HTML page is rendered from. */
export interface FillFormModel {
  short_code: string;
  title: string;
  page_count: number;
  /** In page order, then reading order (top to bottom, left to right). */
  fields: FillFormField[];
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
