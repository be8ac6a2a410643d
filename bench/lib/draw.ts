/** Debug overlay: truth (blue text, green choice, magenta signature) and predictions (red) over a PDF. */
import { readFileSync, writeFileSync } from 'fs';
import { PDFDocument, rgb } from 'pdf-lib';

interface Pred {
  page: number;
  rect: number[];
}

export async function drawBoxes(
  pdfPath: string,
  truthPath: string,
  predPath: string | null,
  out: string,
): Promise<void> {
  const doc = await PDFDocument.load(readFileSync(pdfPath), { updateMetadata: false });
  const pages = doc.getPages();
  const colors: Record<string, ReturnType<typeof rgb>> = {
    text: rgb(0, 0.3, 1),
    choice: rgb(0, 0.6, 0),
    signature: rgb(0.8, 0, 0.8),
  };
  const box = (pi: number, r: number[], color: ReturnType<typeof rgb>): void => {
    const p = pages[pi];
    if (!p) return;
    p.drawRectangle({
      x: r[0],
      y: r[1],
      width: r[2] - r[0],
      height: r[3] - r[1],
      borderColor: color,
      borderWidth: 0.7,
      opacity: 0,
    });
  };
  const truth = JSON.parse(readFileSync(truthPath, 'utf8')) as {
    widgets: Array<{ page: number; rect: number[]; group: string; scored: boolean }>;
  };
  for (const w of truth.widgets) if (w.scored) box(w.page, w.rect, colors[w.group] ?? rgb(0.5, 0.5, 0.5));
  if (predPath) {
    const raw = JSON.parse(readFileSync(predPath, 'utf8')) as { fields?: Pred[] };
    for (const f of raw.fields ?? []) box(f.page - 1, f.rect, rgb(1, 0, 0));
  }
  writeFileSync(out, await doc.save());
}

if (require.main === module) {
  const [pdf, truth, pred, out] = process.argv.slice(2);
  void drawBoxes(pdf, truth, pred === '-' ? null : pred, out);
}
