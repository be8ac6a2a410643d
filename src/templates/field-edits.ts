/**
 * PUT /templates/{id}/fields: checks a new field map against the version it was read from and builds the
 * fields of the next version. Pure (ids come from the caller), so every rule has a unit spec.
 */
import type { ChoiceMark, FieldKind, Rect } from '../shared/field-map';
import type { FieldEntryDto } from './dto/template-edit.dto';
import { entryRules } from './field-rule-edits';
import { rectOnPage, type PageBox } from './page-boxes';
import type { TemplateField } from './template-field';

export interface FieldEditProblem {
  /** Index of the entry in `fields`. */
  index: number;
  /** The entry's key at fault. */
  field: string;
  message: string;
}

/** The body broke one or more rules; each problem names the entry and the rule. */
export class FieldEditError extends Error {
  constructor(readonly problems: FieldEditProblem[]) {
    super(problems.map((p) => `fields[${p.index}].${p.field}: ${p.message}`).join('; '));
  }
}

export interface FieldEditBase {
  version: number;
  fields: TemplateField[];
  pageBoxes: PageBox[];
}

export interface IdSource {
  field(): string;
  question(): string;
}

const MAX_PROBLEMS = 50;
/** Rects on the wire are rounded to 0.01 pt: a kept rect within this of the stored one is unchanged. */
const SAME_RECT_TOLERANCE = 0.011;

const isQuestionKind = (kind: FieldKind) => kind === 'select_one' || kind === 'select_many';
const isChoice = (kind: FieldKind) => isQuestionKind(kind) || kind === 'checkbox';

function sameRect(a: Rect, b: readonly number[]): boolean {
  return a.every((v, i) => Math.abs(v - b[i]) <= SAME_RECT_TOLERANCE);
}

const fmt = (rect: readonly number[]) => `[${rect.join(', ')}]`;

/** Checks each entry on its own: field_id, page, rect, choice_label, question_id. */
function checkEntries(base: FieldEditBase, entries: FieldEntryDto[], report: (p: FieldEditProblem) => void): void {
  const baseById = new Map(base.fields.map((f) => [f.fieldId, f]));
  const seen = new Map<string, number>();
  entries.forEach((entry, index) => {
    const id = entry.field_id ?? null;
    const kept = id === null ? undefined : baseById.get(id);
    if (id !== null) {
      const earlier = seen.get(id);
      if (earlier !== undefined) report({ index, field: 'field_id', message: `repeats fields[${earlier}]` });
      else seen.set(id, index);
      if (!kept)
        report({
          index,
          field: 'field_id',
          message: `is not a field of version ${base.version}: leave it out to add a new field`,
        });
    }
    const box = base.pageBoxes[entry.page - 1];
    if (!box) {
      report({ index, field: 'page', message: `the PDF has ${base.pageBoxes.length} page(s)` });
    } else {
      // A rect the service itself stored is not bad input, even when detection put it slightly off the page.
      const unchanged = kept !== undefined && kept.page === entry.page && sameRect(kept.rect, entry.rect);
      const [x1, y1, x2, y2] = entry.rect;
      if (!(x1 < x2 && y1 < y2))
        report({ index, field: 'rect', message: `${fmt(entry.rect)} needs x1 < x2 and y1 < y2` });
      else if (!unchanged && !rectOnPage(entry.rect, box.box))
        report({ index, field: 'rect', message: `${fmt(entry.rect)} is off page ${entry.page} ${fmt(box.box)}` });
    }
    if (isQuestionKind(entry.kind)) {
      if (!entry.choice_label?.trim())
        report({ index, field: 'choice_label', message: `a ${entry.kind} field needs its option text` });
      if (!entry.question_id)
        report({
          index,
          field: 'question_id',
          message: `a ${entry.kind} field needs a question_id shared with the other options of its question`,
        });
    } else {
      if (entry.kind !== 'checkbox' && entry.choice_label)
        report({ index, field: 'choice_label', message: `a ${entry.kind} field has no option text: send null` });
    }
  });
}

/**
 * Groups entries by question: one kind per question, at least two options for select_one. Any other field is a
 * question of its own: its question_id (optional) is carried by no other entry.
 */
function checkQuestions(entries: FieldEntryDto[], report: (p: FieldEditProblem) => void): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    if (!entry.question_id) return;
    const group = groups.get(entry.question_id) ?? [];
    group.push(index);
    groups.set(entry.question_id, group);
  });
  for (const [questionId, indexes] of groups) {
    const kind = entries[indexes[0]].kind;
    const other = indexes.find((i) => entries[i].kind !== kind);
    const single = indexes.find((i) => !isQuestionKind(entries[i].kind));
    if (single !== undefined && indexes.length > 1)
      report({
        index: indexes.find((i) => i !== single)!,
        field: 'question_id',
        message: `"${questionId}" is the question of fields[${single}], a ${entries[single].kind} field: only select_one and select_many options share a question`,
      });
    else if (other !== undefined)
      report({
        index: other,
        field: 'kind',
        message: `options of question "${questionId}" must share one kind (fields[${indexes[0]}] is ${kind})`,
      });
    else if (kind === 'select_one' && indexes.length < 2)
      report({
        index: indexes[0],
        field: 'question_id',
        message: `a select_one question needs at least two options; only this entry has "${questionId}"`,
      });
  }
  return groups;
}

/**
 * The fields of the next version, or FieldEditError. Kept fields keep their id, confidence and, while their
 * page, rect and kind are unchanged, their AcroForm widget binding and comb/multiline/max-length details (a
 * moved AcroForm field is drawn at its new rect instead of filling the widget). New fields get a new id and
 * confidence 1 (a person placed them). A question id of the base version is kept; any other string gets a new id,
 * and a field without one gets an id of its own.
 */
export function applyFieldEdits(base: FieldEditBase, entries: FieldEntryDto[], ids: IdSource): TemplateField[] {
  const problems: FieldEditProblem[] = [];
  const report = (p: FieldEditProblem) => {
    if (problems.length < MAX_PROBLEMS) problems.push(p);
  };
  checkEntries(base, entries, report);
  checkQuestions(entries, report);
  const rules = entryRules(base.fields, entries, report);
  if (problems.length > 0) throw new FieldEditError(problems.sort((a, b) => a.index - b.index));

  const baseById = new Map(base.fields.map((f) => [f.fieldId, f]));
  const baseQuestions = new Set(base.fields.map((f) => f.questionId));
  const questionIds = new Map<string, string>();
  const realQuestionId = (wire: string): string => {
    let real = questionIds.get(wire);
    if (!real) {
      real = baseQuestions.has(wire) ? wire : ids.question();
      questionIds.set(wire, real);
    }
    return real;
  };

  return entries.map((entry, index): TemplateField => {
    const kept = entry.field_id ? baseById.get(entry.field_id) : undefined;
    const sameKind = kept !== undefined && kept.kind === entry.kind;
    const samePlace = sameKind && kept.page === entry.page && sameRect(kept.rect, entry.rect);
    const questionId = entry.question_id ? realQuestionId(entry.question_id) : ids.question();
    const field: TemplateField = {
      fieldId: kept?.fieldId ?? ids.field(),
      kind: entry.kind,
      page: entry.page,
      rect: samePlace ? kept.rect : [...entry.rect],
      label: entry.label ?? '',
      prompt: entry.prompt ?? '',
      choiceLabel: isChoice(entry.kind) ? (entry.choice_label ?? null) : null,
      questionKey: isQuestionKind(entry.kind) ? questionId : null,
      questionId,
      required: entry.required ?? false,
      confidence: kept?.confidence ?? 1,
      section: entry.section ?? '',
      ...rules[index],
    };
    if (isChoice(entry.kind)) field.mark = entry.mark ?? kept?.mark ?? ('check' as ChoiceMark);
    if (sameKind) {
      if (kept.combCells !== undefined) field.combCells = kept.combCells;
      if (kept.multiline !== undefined) field.multiline = kept.multiline;
      if (kept.maxLength !== undefined) field.maxLength = kept.maxLength;
    }
    if (samePlace && kept.acroform) field.acroform = kept.acroform;
    // Where a date blank prints its separators: measured on the page under that very rect.
    if (samePlace && kept.dateLayout) field.dateLayout = kept.dateLayout;
    return field;
  });
}
