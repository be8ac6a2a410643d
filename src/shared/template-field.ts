/**
 * One field of a template version on the wire, as GET /templates/{id}/fields and the editor's
 * GET /editor/{token}/fields send it: the server's TemplateFieldDto implements it and the editor reads it, so the
 * two cannot drift. Types only (bundled into the editor by esbuild).
 */
import type { FieldFormat } from './answer-rules';
import type { ChoiceMark, FieldKind } from './constants';

/** [x1, y1, x2, y2] in PDF points, origin bottom-left. */
export type WireRect = [number, number, number, number];

/** A follow-up field applies only while this option (or stand-alone check box) is ticked. */
export interface WireCondition {
  field_id: string;
  equals: true;
}

export interface WireField {
  field_id: string;
  kind: FieldKind;
  prompt: string;
  label: string;
  choice_label: string | null;
  /** Shared by the options of one select question; any other field has its own. */
  question_id: string;
  page: number;
  prefillable: boolean;
  rect: WireRect;
  required: boolean;
  confidence: number;
  /** Choice fields only. */
  mark?: ChoiceMark;
  section: string;
  format: FieldFormat | null;
  condition: WireCondition | null;
}
