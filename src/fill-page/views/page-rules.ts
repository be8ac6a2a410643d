import { inactiveFieldIds, type RuleField } from 'src/shared/answer-rules';
import type { FillFormField } from '../fill-form.model';

/** Kinds whose answers the page checks as the patient leaves the field (decisions.md "Answer rules"). */
const CHECKED_KINDS: ReadonlySet<string> = new Set(['phone', 'email', 'number', 'date', 'initials']);

/** A page field in the shape of the shared answer rules (src/shared/answer-rules.ts). */
function toRuleField(f: FillFormField): RuleField {
  return {
    fieldId: f.field_id,
    kind: f.kind,
    format: f.format ?? null,
    condition: f.condition ? { fieldId: f.condition.field_id, equals: true } : null,
  };
}

/**
 * What the page script needs to apply the answer rules (JSON block #field-rules): the fields with a format, a
 * checked kind or a condition, and the options conditions point at. Other fields have no rule to apply.
 */
export function pageRules(fields: readonly FillFormField[]): RuleField[] {
  const targets = new Set(fields.flatMap((f) => (f.condition ? [f.condition.field_id] : [])));
  return fields
    .filter((f) => f.format || f.condition || CHECKED_KINDS.has(f.kind) || targets.has(f.field_id))
    .map(toRuleField);
}

/** Fields whose condition is false for the values the page starts with (prefill, draft): rendered hidden. */
export function initiallyInactive(fields: readonly FillFormField[]): Set<string> {
  const values = Object.fromEntries(fields.map((f) => [f.field_id, f.value]));
  return inactiveFieldIds(fields.map(toRuleField), values);
}
