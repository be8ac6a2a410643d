/**
 * PUT /templates/{id}/fields: the answer rules of the new map (decisions.md). An entry's own `format` and
 * `condition` are checked and refused with a message naming the entry; an entry that leaves them out keeps its
 * kept field's, which are dropped quietly where the new map no longer allows them (a removed option, a new kind).
 */
import {
  conditionProblem,
  formatFitsKind,
  formatProblem,
  type FieldCondition,
  type FieldFormat,
  type RuleField,
} from 'src/shared/answer-rules';
import type { FieldEntryDto } from './dto/template-edit.dto';
import type { FieldEditProblem } from './field-edits';
import type { TemplateField } from './template-field';

export interface EntryRules {
  format: FieldFormat | null;
  condition: FieldCondition | null;
}

/** Ids entries are known by: their field_id, or one no field can have for new entries (nothing can name them). */
const ruleId = (entry: FieldEntryDto, index: number) => entry.field_id ?? `\u0000new:${index}`;

/** Each entry's format and condition, or problems (reported through `report`) for the ones it states itself. */
export function entryRules(
  baseFields: TemplateField[],
  entries: FieldEntryDto[],
  report: (p: FieldEditProblem) => void,
): EntryRules[] {
  const baseById = new Map(baseFields.map((f) => [f.fieldId, f]));
  const ruleFields: RuleField[] = entries.map((entry, index) => ({ fieldId: ruleId(entry, index), kind: entry.kind }));
  return entries.map((entry, index): EntryRules => {
    const kept = entry.field_id ? baseById.get(entry.field_id) : undefined;
    let format: FieldFormat | null = null;
    if (entry.format !== undefined) {
      format = entry.format;
      const problem = formatProblem({ kind: entry.kind, format });
      if (problem) report({ index, field: 'format', message: problem });
    } else if (kept?.format && formatFitsKind(kept.format, entry.kind)) {
      format = kept.format;
    }
    let condition: FieldCondition | null = null;
    const own = ruleFields[index];
    if (entry.condition !== undefined) {
      condition = entry.condition ? { fieldId: entry.condition.field_id, equals: true } : null;
      const problem = conditionProblem({ ...own, condition }, ruleFields);
      if (problem) report({ index, field: 'condition', message: problem });
    } else if (kept?.condition && !conditionProblem({ ...own, condition: kept.condition }, ruleFields)) {
      condition = kept.condition;
    }
    return { format, condition };
  });
}
