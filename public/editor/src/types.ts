// The editor's data: fields as GET /editor/{token}/fields sends them, and the working copy's fields.
import type { ChoiceMark, FieldKind } from '../../../src/shared/constants';
import type { WireCondition, WireField, WireRect } from '../../../src/shared/template-field';

export type { ChoiceMark, FieldKind, WireCondition, WireField };

/** [x1, y1, x2, y2] in PDF points, origin bottom-left. */
export type Rect = WireRect;

/** What the server learns only once a field is saved: a field drawn on this page has none of them yet. */
type SavedOnly = 'field_id' | 'question_id' | 'confidence' | 'prefillable' | 'format' | 'condition';

/** The editor's working copy of a field: `key` names it on this page, also before the server gave it an id. */
export interface Field extends Omit<WireField, SavedOnly>, Partial<Pick<WireField, Exclude<SavedOnly, 'question_id'>>> {
  key: string;
  /** null: the server gives one on save (a new field, or one that left its question). */
  question_id: string | null;
}

/** What GET /editor/{token}/fields returns (EditorFieldsResponse). */
export interface FieldsResponse {
  template_id: string;
  title: string;
  version: number;
  page_count: number;
  review_required: boolean;
  reviewed_at?: string;
  review_reasons: string[];
  fields: WireField[];
}

/** A page's size in PDF points (its view box). */
export interface PageSize {
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}
