// temporary profiling script
import * as fs from 'fs';
import { renderCompletedPdf, type RenderField } from '../src/rendering';
import { detectFields } from '../src/detection';
import { makeSignaturePng } from '../src/rendering/test-support';
(async () => {
  const pdf = new Uint8Array(fs.readFileSync('/work/shared/forms/intake-dev/boxed-grid-1011/flat.pdf'));
  const det = await detectFields(pdf);
  const fields: RenderField[] = det.fields.map((f, i) => ({ ...f, fieldId: `f${i}`, questionId: null }));
  for (const mode of (process.env.MODES ?? 'ascii,uni,nosig,none').split(',')) {
    const answers: Record<string, string | boolean> = {};
    const signatures: Record<string, Uint8Array> = {};
    fields.forEach((f) => {
      if (mode === 'none') return;
      if (f.kind === 'signature') { if (mode !== 'nosig') signatures[f.fieldId] = makeSignaturePng(); }
      else if (['select_one', 'select_many', 'checkbox'].includes(f.kind)) answers[f.fieldId] = true;
      else answers[f.fieldId] = mode === 'uni' ? 'Zoë Ðorđević' : 'Zoe Dordevic';
    });
    const ts: number[] = [];
    for (let i = 0; i < Number(process.env.N ?? 25); i++) { const t = performance.now(); await renderCompletedPdf({ pdf, fields, answers, signatures }); ts.push(performance.now() - t); }
    ts.sort((a, b) => a - b);
    console.log(mode, ts[12].toFixed(1), ts[2].toFixed(1));
  }
})();
