/**
 * The field map: what detection produces and templates, rendering, the fill page, FHIR and the answer rules
 * consume. Plain data, no Nest imports; shared (not detection's) so no module reaches into detection for it.
 * Wire names (snake_case) are produced by the templates module's mapper, not here.
 */
import type { FieldFormat } from './answer-rules';
import type { ChoiceMark, FieldKind } from './constants';

// The kinds and marks live in src/shared/constants.ts (the browser code uses them too).
export { CHOICE_MARKS, FIELD_KINDS, isChoiceKind, type ChoiceMark, type FieldKind } from './constants';

/** [x1, y1, x2, y2] in PDF user space of the page (origin bottom-left, page /Rotate not applied). */
export type Rect = [number, number, number, number];

/** Where an AcroForm-detected field lives in the source PDF, so rendering can fill the real field. */
export interface AcroFormBinding {
  /** Fully qualified field name (pdf-lib `field.getName()`). */
  fieldName: string;
  /** Index of the widget within the field's widgets (pdf-lib `acroField.getWidgets()`). */
  widgetIndex: number;
  /** Check box / radio: the widget's on-state name; drop-down / list: the option value this field stands for. */
  value?: string;
}

export interface DetectedField {
  kind: FieldKind;
  /** 1-based page number. */
  page: number;
  rect: Rect;
  /** Text bound to this one field (for a choice option: its option text). */
  label: string;
  /** The question as printed (for a text field, same as its label). */
  prompt: string;
  /** Option text of a choice field, else null. */
  choiceLabel: string | null;
  /**
   * Groups the options of one question. Local to one detection result (e.g. "q7"); the templates
   * module replaces it with a fresh public id per template version. Null for text fields and lone boxes.
   */
  questionKey: string | null;
  required: boolean;
  /** 0..1; 1 for fields read from the PDF's own form. */
  confidence: number;
  /** Comb fields (SSN, dates in boxes): number of cells. */
  combCells?: number;
  /** The box allows several lines of text. */
  multiline?: boolean;
  maxLength?: number;
  /**
   * Choice fields: "check" (a printed box, circle or bracket is ticked; the default) or "circle" (nothing to
   * tick: the printed option word is circled, and `rect` is that word's box). Absent on other kinds.
   */
  mark?: ChoiceMark;
  /** The printed heading the field sits under ("" when none). Fields are listed in reading order. */
  section?: string;
  /**
   * Layout choices: the option text was not printed beside the box but guessed from text above it (another row);
   * such a field's confidence stays under the review threshold. Internal: not part of the API.
   */
  labelFromAfar?: boolean;
  /** Date fields: how the blank prints its parts (see DateLayout). Internal: not part of the API. */
  dateLayout?: DateLayout;
  /** Present when detector is "acroform". */
  acroform?: AcroFormBinding;
  /** Answer rules: the check the printed label asks for ("ZIP code" -> zip). */
  format?: FieldFormat | null;
  /**
   * Answer rules, detection-local: the field applies only while the option at this index of the same result's
   * `fields` is ticked ("If yes, please explain"). Stored as `condition` with that option's field id.
   */
  conditionOn?: number | null;
}

export type DatePart = 'day' | 'month' | 'year';

/** A date blank's printed format: part order ("DD/MM/YYYY") and, with printed separators, each part's span. */
export interface DateLayout {
  order: DatePart[];
  /** [from, to] as shares (0..1) of the box's width as the reader sees it, one per part in `order`. */
  spans?: [number, number][];
}

/** How a field map was made: the PDF's own form, its page layout, or OCR of scanned pages (then the layout). */
export type Detector = 'acroform' | 'layout' | 'ocr';

export interface DetectionResult {
  detector: Detector;
  pageCount: number;
  fields: DetectedField[];
  reviewRequired: boolean;
  /** Plain sentences for staff, e.g. "Page 2 has no text layer: fields must be placed by hand". */
  reviewReasons: string[];
  /** What was skipped, e.g. "JavaScript actions were ignored". */
  warnings: string[];
}

/** Signatures are never prefilled; everything else may be. */
export function isPrefillable(kind: FieldKind): boolean {
  return kind !== 'signature';
}
