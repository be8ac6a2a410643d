/**
 * PDFs whose layout is slow to read on purpose: a page of `runs` tiny text runs takes seconds in
 * pdf.js and in the layout analysis (about 5 s for 30 000 runs on the development machine), next to
 * ordinary pages with one labelled blank each.
 */
import * as zlib from 'node:zlib';
import { assemblePdf, streamBody } from 'test/fixtures/pdfs/hostile/hostile-pdfs';

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const NORMAL = 'BT /F1 12 Tf 72 720 Td (Patient name: ____________) Tj ET';

function slowContent(runs: number): string {
  const ops: string[] = [];
  for (let i = 0; i < runs; i++) {
    const x = ((i * 7) % 540) + 36;
    const y = ((Math.floor(i / 77) * 3) % 740) + 20;
    ops.push(`BT /F1 6 Tf ${x} ${y} Td (Name: __) Tj ET`);
  }
  return ops.join('\n');
}

/** One page per entry: 'slow' (a page of `runs` text runs) or 'normal'. */
export function slowLayoutPdf(pages: Array<'slow' | 'normal'>, runs = 30_000): Buffer {
  const kids = pages.map((_p, i) => `${4 + i * 2} 0 R`).join(' ');
  const bodies: Array<string | Buffer> = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`,
    FONT,
  ];
  const slow = zlib.deflateSync(Buffer.from(slowContent(runs), 'latin1'));
  for (const kind of pages) {
    bodies.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${bodies.length + 2} 0 R >>`,
    );
    bodies.push(
      kind === 'slow' ? streamBody('/Filter /FlateDecode', slow) : streamBody('', Buffer.from(NORMAL, 'latin1')),
    );
  }
  return assemblePdf(bodies);
}
