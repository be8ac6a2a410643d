/**
 * Renders one form many times with the answers of bench:render and prints the CPU ms per render: the script to run
 * under a profiler when looking for where a render's time goes.
 *
 *   npx ts-node -r tsconfig-paths/register --transpile-only bench/render-profile.ts <pdf> [renders=200]
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof -r ts-node/register/transpile-only -r tsconfig-paths/register \
 *     bench/render-profile.ts <pdf> 300        (PROF_MARK=file writes the loop's start, µs of the monotonic clock,
 *                                               to leave the field detection out of the profile's samples)
 */
import * as fs from 'fs';
import * as path from 'path';
import { detectFields } from '../src/detection';
import { renderCompletedPdf, type RenderField } from '../src/rendering';
import { makeSignaturePng } from '../src/rendering/test-support';
import { answersFor } from './render.bench';

async function main(): Promise<void> {
  const [pdfPath, count] = process.argv.slice(2);
  if (!pdfPath) throw new Error('usage: render-profile.ts <pdf> [renders]');
  const pdf = new Uint8Array(fs.readFileSync(pdfPath));
  const fields: RenderField[] = (await detectFields(pdf)).fields.map((f, i) => ({
    ...f,
    fieldId: `f${i}`,
    questionId: f.questionKey ?? `q${i}`,
  }));
  const { answers, signatures } = answersFor(fields, makeSignaturePng());
  const input = { pdf, fields, answers, signatures };
  const n = Number(count ?? 200);
  for (let i = 0; i < 3; i++) await renderCompletedPdf(input);
  if (process.env.PROF_MARK) fs.writeFileSync(process.env.PROF_MARK, String(process.hrtime.bigint() / 1000n));
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) await renderCompletedPdf(input);
  const used = process.cpuUsage(start);
  const form = path.basename(path.dirname(pdfPath));
  process.stdout.write(`${form}: ${((used.user + used.system) / 1000 / n).toFixed(2)} CPU ms per render (${n})\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
