/**
 * Re-imports keep staff's work (decisions.md, "Partner integration"): the fields of a re-imported version take over
 * what staff set on the matching fields of the previous version. Pure: the caller passes the versions and the ids.
 *
 * Staff's edits are read against the last version that detection made (`detected`): a property of a latest-version
 * field is staff's when it differs from that version's field of the same id (edits keep ids), when that field holds
 * it as carried over from an earlier re-import (`carried`), or when staff added the field. A new field matches a
 * previous one on the same page with rects overlapping by IoU >= 0.5, or with the same printed label in the same
 * section (for a choice option: the same question and option text); pairs are taken best first, one to one.
 */
import { isChoiceKind, type Rect } from '../shared/field-map';
import type { CarriedProperty, TemplateField } from './template-field';

export const MIN_IOU = 0.5;
/** Review reasons for unmatched edits, at most (the rest are counted in one more). */
const MAX_UNMATCHED_REASONS = 10;

const VALUE_PROPERTIES = ['label', 'prompt', 'kind', 'choiceLabel', 'required', 'format', 'condition'] as const;
type ValueProperty = (typeof VALUE_PROPERTIES)[number];

export interface CarryOverInput {
  /** The last version detection made (the previous import's), against which staff's edits are read. */
  detected: TemplateField[];
  /** The latest version (the one staff edited, or the same as `detected`). */
  latest: TemplateField[];
  /** The new version's fields, with their new ids, as detection made them. */
  incoming: TemplateField[];
}

export interface CarryOverResult {
  fields: TemplateField[];
  /** How many new fields took edits over. */
  carriedOver: number;
  /** Edits that found no field (review reasons). */
  reasons: string[];
}

/** A latest-version field and what staff set on it. */
interface StaffEdit {
  field: TemplateField;
  properties: CarriedProperty[];
}

const normalize = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

function sameValue(property: ValueProperty, a: TemplateField, b: TemplateField): boolean {
  if (property === 'condition') {
    const [x, y] = [a.condition ?? null, b.condition ?? null];
    return x === y || (x !== null && y !== null && x.fieldId === y.fieldId && x.equals === y.equals);
  }
  if (property === 'format') return (a.format ?? null) === (b.format ?? null);
  return a[property] === b[property];
}

export function iou(a: Rect, b: Rect): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const area = (r: Rect) => (r[2] - r[0]) * (r[3] - r[1]);
  const overlap = w * h;
  return overlap / (area(a) + area(b) - overlap);
}

const isOption = (f: TemplateField): boolean => f.kind === 'select_one' || f.kind === 'select_many';

/** The ids of the fields sharing `field`'s question in `fields` (empty when it is no select option). */
function membersOf(fields: TemplateField[], field: TemplateField): string {
  if (!isOption(field)) return '';
  return fields
    .filter((f) => f.questionId === field.questionId)
    .map((f) => f.fieldId)
    .sort()
    .join(' ');
}

/** What staff set on each latest-version field; fields without any edit are left out. */
export function staffEdits(detected: TemplateField[], latest: TemplateField[]): StaffEdit[] {
  const detectedById = new Map(detected.map((f) => [f.fieldId, f]));
  const edits: StaffEdit[] = [];
  for (const field of latest) {
    const before = detectedById.get(field.fieldId);
    let properties: CarriedProperty[];
    if (!before) {
      properties = [...VALUE_PROPERTIES, ...(isOption(field) ? (['grouping'] as const) : [])];
    } else {
      const changed = VALUE_PROPERTIES.filter((p) => !sameValue(p, before, field));
      const regrouped = membersOf(detected, before) !== membersOf(latest, field);
      properties = [...new Set([...(before.carried ?? []), ...changed, ...(regrouped ? ['grouping' as const] : [])])];
    }
    if (properties.length > 0) edits.push({ field, properties });
  }
  return edits;
}

/** The label (and prompt) printed on the form, as detection read them, whatever staff made of them. */
function printedKey(field: TemplateField, detectedById: Map<string, TemplateField>): string {
  const source = detectedById.get(field.fieldId);
  const label = source ? (source.printedLabel ?? source.label) : field.label;
  const prompt = source ? (source.printedPrompt ?? source.prompt) : field.prompt;
  const choice = isChoiceKind(field.kind) || (source !== undefined && isChoiceKind(source.kind));
  return [normalize(field.section), choice ? normalize(prompt) : '', normalize(label)].join('\u0000');
}

/** New field index -> latest field index, one to one, best pairs first. */
export function matchFields(
  incoming: TemplateField[],
  latest: TemplateField[],
  detected: TemplateField[],
): Map<number, number> {
  const detectedById = new Map(detected.map((f) => [f.fieldId, f]));
  const latestKeys = latest.map((f) => printedKey(f, detectedById));
  const keyCount = new Map<string, number>();
  for (const key of latestKeys) keyCount.set(key, (keyCount.get(key) ?? 0) + 1);
  const pairs: { n: number; l: number; score: number }[] = [];
  incoming.forEach((fresh, n) => {
    const key = printedKey(fresh, new Map());
    latest.forEach((old, l) => {
      const overlap = fresh.page === old.page ? iou(fresh.rect, old.rect) : 0;
      // A label repeated in one section ("Yes" options, "Date" blanks) says nothing about which one.
      const sameLabel = normalize(fresh.label) !== '' && latestKeys[l] === key && keyCount.get(key) === 1;
      if (overlap >= MIN_IOU || sameLabel)
        pairs.push({ n, l, score: (overlap >= MIN_IOU ? 1 + overlap : 0) + (sameLabel ? 1 : 0) });
    });
  });
  pairs.sort((a, b) => b.score - a.score || a.n - b.n || a.l - b.l);
  const matched = new Map<number, number>();
  const taken = new Set<number>();
  for (const { n, l } of pairs) {
    if (matched.has(n) || taken.has(l)) continue;
    matched.set(n, l);
    taken.add(l);
  }
  return matched;
}

const nameOf = (field: TemplateField) => field.label || field.prompt || field.choiceLabel || field.kind;

/** Applies the value edits of `edit` to `fresh`; returns what could not be carried (a condition's lost target). */
function applyValues(
  fresh: TemplateField,
  edit: StaffEdit,
  newIdOf: Map<string, string>,
  position: Map<string, number>,
  byId: Map<string, TemplateField>,
): string | null {
  const { field: old, properties } = edit;
  let lost: string | null = null;
  if (properties.includes('label') && fresh.label !== old.label) fresh.printedLabel = fresh.printedLabel ?? fresh.label;
  if (properties.includes('prompt') && fresh.prompt !== old.prompt)
    fresh.printedPrompt = fresh.printedPrompt ?? fresh.prompt;
  for (const property of properties) {
    if (property === 'label') fresh.label = old.label;
    else if (property === 'prompt') fresh.prompt = old.prompt;
    else if (property === 'kind') fresh.kind = old.kind;
    else if (property === 'choiceLabel') fresh.choiceLabel = old.choiceLabel;
    else if (property === 'required') fresh.required = old.required;
    else if (property === 'format') fresh.format = old.format ?? null;
    else if (property === 'condition') {
      const target = old.condition ? newIdOf.get(old.condition.fieldId) : undefined;
      const targetField = target ? byId.get(target) : undefined;
      const earlier = targetField && position.get(target!)! < position.get(fresh.fieldId)!;
      if (!old.condition) fresh.condition = null;
      else if (targetField && earlier && isChoiceKind(targetField.kind))
        fresh.condition = { fieldId: target!, equals: true };
      else lost = `Page ${old.page}: the condition of "${nameOf(old)}" names a field with no match in the new version`;
    }
  }
  if (!isChoiceKind(fresh.kind)) {
    fresh.choiceLabel = null;
    delete fresh.mark;
  } else if (!fresh.mark) fresh.mark = 'check';
  if (!isOption(fresh)) fresh.questionKey = null;
  fresh.carried = [...new Set([...(fresh.carried ?? []), ...properties.filter((p) => p !== 'condition' || !lost)])];
  return lost;
}

/**
 * The new version's fields with staff's edits carried over, how many took edits, and the review reasons of edits
 * that found no field. `newQuestionId` names the questions staff regrouped.
 */
export function carryOver(input: CarryOverInput, newQuestionId: () => string): CarryOverResult {
  const fields = input.incoming.map((f) => ({ ...f }));
  const edits = staffEdits(input.detected, input.latest);
  if (edits.length === 0) return { fields, carriedOver: 0, reasons: [] };
  const matched = matchFields(fields, input.latest, input.detected);
  const newIdOf = new Map<string, string>();
  for (const [n, l] of matched) newIdOf.set(input.latest[l].fieldId, fields[n].fieldId);
  const position = new Map(fields.map((f, i) => [f.fieldId, i]));
  const byId = new Map(fields.map((f) => [f.fieldId, f]));
  const editsById = new Map(edits.map((e) => [e.field.fieldId, e]));

  const reasons: string[] = [];
  const unmatched: string[] = [];
  let carriedOver = 0;
  const latestIndexOf = new Map(input.latest.map((f, i) => [f.fieldId, i]));
  const matchedLatest = new Set(matched.values());
  for (const edit of edits) {
    if (!matchedLatest.has(latestIndexOf.get(edit.field.fieldId)!))
      unmatched.push(`Page ${edit.field.page}: the edit of "${nameOf(edit.field)}" found no field in the new version`);
  }
  // Kinds first, so that a condition carried over sees its target's carried kind.
  const order = [...matched].sort(([a], [b]) => a - b);
  for (const [n, l] of order) {
    const edit = editsById.get(input.latest[l].fieldId);
    if (edit?.properties.includes('kind')) fields[n].kind = edit.field.kind;
  }
  for (const [n, l] of order) {
    const edit = editsById.get(input.latest[l].fieldId);
    if (!edit) continue;
    const lost = applyValues(fields[n], edit, newIdOf, position, byId);
    if (lost) reasons.push(lost);
    carriedOver += 1;
  }
  regroup(fields, input.latest, matched, edits, newQuestionId);
  ownQuestionIds(fields, newQuestionId);

  if (unmatched.length > MAX_UNMATCHED_REASONS) {
    const rest = unmatched.length - MAX_UNMATCHED_REASONS + 1;
    unmatched.splice(MAX_UNMATCHED_REASONS - 1, Infinity, `${rest} more edits found no field in the new version`);
  }
  return { fields, carriedOver, reasons: [...unmatched, ...reasons] };
}

/** A field that is no select option is a question of its own: one that left a question gets a new id. */
function ownQuestionIds(fields: TemplateField[], newQuestionId: () => string): void {
  const count = new Map<string, number>();
  for (const f of fields) count.set(f.questionId, (count.get(f.questionId) ?? 0) + 1);
  for (const f of fields) if (!isOption(f) && count.get(f.questionId)! > 1) f.questionId = newQuestionId();
}

/** Questions staff regrouped: the new fields matched to one such question share one new question id. */
function regroup(
  fields: TemplateField[],
  latest: TemplateField[],
  matched: Map<number, number>,
  edits: StaffEdit[],
  newQuestionId: () => string,
): void {
  const regrouped = new Set(edits.filter((e) => e.properties.includes('grouping')).map((e) => e.field.fieldId));
  const questionFor = new Map<string, string>();
  for (const [n, l] of matched) {
    const old = latest[l];
    if (!regrouped.has(old.fieldId)) continue;
    if (!isOption(old) || !isOption(fields[n])) {
      fields[n].questionKey = null;
    } else {
      const id = questionFor.get(old.questionId) ?? newQuestionId();
      questionFor.set(old.questionId, id);
      fields[n].questionId = id;
      fields[n].questionKey = id;
    }
    fields[n].carried = [...new Set([...(fields[n].carried ?? []), 'grouping' as const])];
  }
}
