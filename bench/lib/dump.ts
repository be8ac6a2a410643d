import { readFileSync } from 'fs';
import { withPdfJsDocument } from '../../src/detection/pdf-document';
import { extractPage } from '../../src/detection/layout/extract';
void (async () => {
  const f = process.argv[2];
  const pn = Number(process.argv[3] ?? 1);
  const t0 = Date.now();
  await withPdfJsDocument(readFileSync(f), async (doc, pdfjs) => {
    const page = await doc.getPage(pn);
    const c = await extractPage(pdfjs, page, pn - 1);
    console.log(
      'ms',
      Date.now() - t0,
      c.width,
      c.height,
      'glyphs',
      c.glyphs.length,
      'h',
      c.hLines.length,
      'v',
      c.vLines.length,
      'shapes',
      c.shapes.length,
      'fills',
      c.fills.length,
    );
    // lines of text
    const rows = new Map<number, typeof c.glyphs>();
    for (const g of c.glyphs) {
      const k = Math.round(g.base);
      (rows.get(k) ?? rows.set(k, []).get(k)!).push(g);
    }
    for (const [k, gs] of [...rows].sort((a, b) => b[0] - a[0]).slice(0, Number(process.argv[4] ?? 40)))
      console.log(k, gs[0].font, gs[0].size.toFixed(1), Math.round(gs[0].x1), gs.map((g) => g.ch).join(''));
    console.log(
      'shapes',
      c.shapes
        .slice(0, 30)
        .map(
          (s) =>
            `${s.x1.toFixed(1)},${s.y1.toFixed(1)},${s.x2.toFixed(1)},${s.y2.toFixed(1)}${s.curved ? 'C' : ''}${s.stroked ? 'S' : ''}${s.filled ? 'F' : ''}`,
        )
        .join(' '),
    );
    console.log(
      'h',
      c.hLines
        .slice(0, 20)
        .map((s) => `${s.x1.toFixed(1)}-${s.x2.toFixed(1)}@${s.y1.toFixed(1)}w${s.width.toFixed(2)}`)
        .join(' '),
    );
    console.log(
      'fills',
      c.fills
        .slice(0, 20)
        .map((s) => `${s.x1.toFixed(1)},${s.y1.toFixed(1)},${s.x2.toFixed(1)},${s.y2.toFixed(1)}g${s.gray.toFixed(2)}`)
        .join(' '),
    );
  });
})();
