/**
 * FHIR bench: every template of the dev corpora as a Questionnaire, validated. Runs detection on the dev originals,
 * their flat twins and the intake forms, stores nothing, gives the fields ids as an import does, maps each field
 * map to a Questionnaire and a QuestionnaireResponse (every question answered: text-like "x", dates, numbers, the
 * first option of each choice, boxes ticked), and validates both with the tests' FHIR validator (test/utils/fhir:
 * @medplum/core on the R4 definitions, fhirpath.js for the invariants Medplum leaves out) plus the check that the
 * response's answers belong to the Questionnaire. Prints the counts; exits 1 when any resource is invalid.
 *
 *   npm run bench:fhir        (SHARED_DIR overrides ../shared)
 */
import { existsSync, readdirSync, readFileSync } from 'fs';
import path from 'path';
import { detectFields } from '../src/detection';
import { toQuestionnaireResponse } from '../src/fhir/questionnaire-response';
import { toQuestionnaire } from '../src/fhir/questionnaire';
import type { Answers } from '../src/submissions/entities/submission.entity';
import type { TemplateField } from '../src/templates/template-field';
import { withPublicIds } from '../src/templates/template-field';
import { fhirProblems, responseMismatches } from '../test/utils/fhir';

const repoRoot = path.resolve(__dirname, '..');
const shared = process.env.SHARED_DIR ? path.resolve(process.env.SHARED_DIR) : path.resolve(repoRoot, '..', 'shared');
const BASE_URL = 'https://forms.example.com';

const CORPORA: [name: string, dir: string, file: string][] = [
  ['dev original', path.join(shared, 'forms', 'dev'), 'original.pdf'],
  ['dev flat', path.join(shared, 'forms', 'dev'), 'flat.pdf'],
  ['intake-dev', path.join(shared, 'forms', 'intake-dev'), 'flat.pdf'],
];

/** Every question answered with a value its kind takes. */
function answersFor(fields: TemplateField[]): Answers {
  const answers: Answers = {};
  const chosen = new Set<string>();
  const values: Partial<Record<TemplateField['kind'], string>> = { date: '1990-04-12', number: '42.5' };
  for (const f of fields) {
    if (f.kind === 'signature') continue;
    if (f.kind === 'select_one' || f.kind === 'select_many' || f.kind === 'checkbox') {
      const question = f.questionId ?? f.fieldId;
      answers[f.fieldId] = !chosen.has(question);
      chosen.add(question);
    } else answers[f.fieldId] = values[f.kind] ?? 'x';
  }
  return answers;
}

interface Tally {
  forms: number;
  questionnairesValid: number;
  responsesValid: number;
  items: number;
  groups: number;
  enableWhen: number;
  answered: number;
  ms: number;
}

const emptyTally = (): Tally => ({
  forms: 0,
  questionnairesValid: 0,
  responsesValid: 0,
  items: 0,
  groups: 0,
  enableWhen: 0,
  answered: 0,
  ms: 0,
});

async function runForm(tally: Tally, label: string, pdfPath: string): Promise<void> {
  const t0 = performance.now();
  const detection = await detectFields(new Uint8Array(readFileSync(pdfPath)));
  const fields = withPublicIds(detection);
  const source = { baseUrl: BASE_URL, templateId: 'tpl_BenchTemplate000000000001', version: 1, fields };
  const q = toQuestionnaire({ ...source, title: label, retired: false, createdAt: new Date() });
  const qr = toQuestionnaireResponse({
    ...source,
    submissionId: 'sub_BenchSubmission0000000001',
    submittedAt: new Date(),
    externalRef: 'bench',
    answers: answersFor(fields),
  });
  const qProblems = fhirProblems(q);
  const rProblems = [...fhirProblems(qr), ...responseMismatches(q, qr)];
  tally.ms += performance.now() - t0;
  tally.forms += 1;
  if (qProblems.length === 0) tally.questionnairesValid += 1;
  if (rProblems.length === 0) tally.responsesValid += 1;
  const json = JSON.stringify(q);
  tally.items += (json.match(/"linkId"/g) ?? []).length;
  tally.groups += (json.match(/"type":"group"/g) ?? []).length;
  tally.enableWhen += (json.match(/"operator"/g) ?? []).length;
  tally.answered += (JSON.stringify(qr).match(/"answer"/g) ?? []).length;
  for (const p of [...qProblems, ...rProblems].slice(0, 5)) console.log(`  ${label}: ${p}`);
}

async function main(): Promise<void> {
  const total = emptyTally();
  for (const [name, dir, file] of CORPORA) {
    const tally = emptyTally();
    for (const id of readdirSync(dir).sort()) {
      const pdfPath = path.join(dir, id, file);
      if (existsSync(pdfPath)) await runForm(tally, `${name}/${id}`, pdfPath);
    }
    console.log(
      `${name.padEnd(13)} forms ${tally.forms}  Questionnaires valid ${tally.questionnairesValid}/${tally.forms}  ` +
        `responses valid ${tally.responsesValid}/${tally.forms}  items ${tally.items} (groups ${tally.groups}, ` +
        `enableWhen ${tally.enableWhen})  answered ${tally.answered}  ${Math.round(tally.ms / tally.forms)} ms/form`,
    );
    for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += tally[key];
  }
  console.log(
    `all           ${total.questionnairesValid}/${total.forms} Questionnaires and ${total.responsesValid}/${total.forms} ` +
      'QuestionnaireResponses valid FHIR R4 (detection + mapping + validation)',
  );
  if (total.questionnairesValid !== total.forms || total.responsesValid !== total.forms) process.exitCode = 1;
}

void main();
