import { readFileSync } from 'fs';
import path from 'path';
import { detectFields } from '../index';

const FAMILIES = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'families');

interface TruthWidget {
  kind: string;
  prompt: string;
  question_id: string | null;
  choice_label: string | null;
}

/** Choice questions as `prompt -> kind: option option ...`, in field order. */
function questions(fields: Array<{ kind: string; prompt: string; key: string | null; option: string | null }>) {
  const out: Record<string, string> = {};
  const seen = new Map<string, string>();
  for (const f of fields.filter((x) => x.key !== null)) {
    const at = seen.get(f.key!) ?? f.prompt;
    seen.set(f.key!, at);
    out[at] = `${out[at] ?? `${f.kind}:`} ${f.option}`;
  }
  return out;
}

/**
 * Issue 17, classes 2, 3 and 13, from both producers (form 1 pdf-lib, form 2 LibreOffice Writer; see
 * test/fixtures/families/README.md): every question of the long grids takes its column headers however far
 * down (`Moderate` and `Severe` printed under 1.1 em apart, `Very severe` wrapped); check lists with no wording
 * take several answers while the Yes/No and marital rows under a `Check any` line keep one; grids of empty
 * cells read one question per row.
 */
describe.each(['long-grid', 'check-lists', 'cell-grids'].flatMap((f) => [`${f}-1`, `${f}-2`]))('%s', (id) => {
  it('reproduces every question of the truth: prompt, kind and option labels', async () => {
    const dir = path.join(FAMILIES, id);
    const truth = (JSON.parse(readFileSync(path.join(dir, 'truth.json'), 'utf8')) as { widgets: TruthWidget[] })
      .widgets;
    const res = await detectFields(new Uint8Array(readFileSync(path.join(dir, 'flat.pdf'))), { ocr: false });
    expect(
      questions(res.fields.map((f) => ({ kind: f.kind, prompt: f.prompt, key: f.questionKey, option: f.choiceLabel }))),
    ).toEqual(
      questions(truth.map((w) => ({ kind: w.kind, prompt: w.prompt, key: w.question_id, option: w.choice_label }))),
    );
  });
});
