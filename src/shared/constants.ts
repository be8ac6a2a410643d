/**
 * Constants the server and the browser code (public/fill-page, public/editor) must agree on. Plain TypeScript
 * with no imports, so esbuild can bundle it into the page scripts and Nest can load it unchanged.
 */

/** Every kind a field can have, in the order the editor lists them. */
export const FIELD_KINDS = [
  'text',
  'date',
  'select_one',
  'select_many',
  'checkbox',
  'signature',
  'email',
  'phone',
  'number',
  'initials',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** Choice kinds: one field per option, grouped by question (a check box stands alone). */
export const CHOICE_KINDS: ReadonlySet<FieldKind> = new Set<FieldKind>(['select_one', 'select_many', 'checkbox']);

export function isChoiceKind(kind: FieldKind): boolean {
  return CHOICE_KINDS.has(kind);
}

/** How a choice is marked on paper: a box ticked, or the printed option word circled. */
export const CHOICE_MARKS = ['check', 'circle'] as const;
export type ChoiceMark = (typeof CHOICE_MARKS)[number];

/**
 * Below this confidence a detected field is flagged for staff (the review reasons and the editor's "!" marker):
 * on the dev corpora under half of the fields below 0.7 were right (place and label), against about 90 % above it
 * (bench/fit-confidence.ts).
 */
export const LOW_CONFIDENCE = 0.7;

/** `PUT /templates/{id}/fields`: at most this many entries in one field map. */
export const MAX_FIELDS_PER_VERSION = 2000;

/** `PUT /templates/{id}/fields`: the longest texts of one entry (detection cuts what it emits to these). */
export const FIELD_TEXT_LIMITS = { label: 500, prompt: 1000, choiceLabel: 500, section: 500 } as const;

/** A text answer (and a prefill value) holds at most this many characters. */
export const MAX_TEXT_ANSWER_LENGTH = 5000;
