// The editor's data: fields as GET /editor/{token}/fields sends them, and the working copy's fields.
import type { ChoiceMark, FieldKind } from '../../../src/shared/constants';

export type { ChoiceMark, FieldKind };

/** [x1, y1, x2, y2] in PDF points, origin bottom-left. */
export type Rect = [number, number, number, number];

/** A follow-up field applies only while this option (or stand-alone check box) is ticked. */
export interface WireCondition {
  field_id: string;
  equals: true;
}

/** One field as the server sends it (TemplateFieldDto). */
export interface WireField {
  field_id: string;
  kind: FieldKind;
  prompt: string;
  label: string;
  choice_label: string | null;
  /** Shared by the options of one select question; any other field has its own. */
  question_id: string;
  page: number;
  rect: Rect;
  required: boolean;
  section: string;
  confidence?: number;
  prefillable?: boolean;
  mark?: ChoiceMark;
  format?: string | null;
  condition?: WireCondition | null;
}

/** The editor's working copy of a field: `key` names it on this page, also before the server gave it an id. */
export interface Field extends Omit<WireField, 'field_id' | 'question_id'> {
  key: string;
  field_id?: string;
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
