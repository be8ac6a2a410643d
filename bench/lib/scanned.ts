/**
 * The "scanned" rows of bench:detect: each form is rasterized (poppler, 200 dpi unless told), skewed 1.5° and speckled,
 * written back as an image-only PDF (test/utils/scanned-copies.ts), and detected again; the same truth
 * scores both, so the rows show what OCR costs against the born-digital form. Rotated pages are left out (the
 * scan helper keeps unrotated pages only).
 */
import { existsSync, readdirSync, readFileSync } from 'fs';
import path from 'path';
import { detectFields } from '../../src/detection';
import { scanPdf, scannedRect } from '../../test/utils/scanned-copies';
import { withFontSet, type FontSet } from './font-sets';
import { toPredictions } from './predictions';
import { median, pct } from './report';
import { pool, type Counts, type Scorers } from './scorers';

export interface ScannedOptions {
  /** At most this many forms per corpus (BENCH_SCANNED_FORMS; default 6, 0 = all). */
  maxForms: number;
  skewDeg: number;
  noise: number;
  /** The copier's resolution (BENCH_SCANNED_DPI; default 200). */
  dpi?: number;
  /** One corpus only (BENCH_SCANNED_CORPUS: dev or intake); both by default. */
  corpus?: 'dev' | 'intake';
  /** One line per form on stderr (BENCH_SCANNED_VERBOSE=1): where the scanned row loses against born-digital. */
  verbose?: boolean;
  /** Every sheet scanned sideways, a quarter turn clockwise (BENCH_SCANNED_SIDEWAYS=1): OCR must turn it upright. */
  sideways?: boolean;
  /** The paper's grey level (BENCH_SCANNED_PAPER, 0..255; white by default): a copy on grey paper. */
  paper?: number;
  /** Black beyond the sheet, points (BENCH_SCANNED_MARGIN): the sheet shifted on the glass. */
  margin?: number;
  /** The fonts the copier draws unembedded text with (BENCH_SCANNED_FONTS; default liberation,dejavu): one row each. */
  fontSets?: FontSet[];
}

/** Either shared scorer, seen through what this file reads of its summary. */
interface AnyScorer {
  scoreForm(truth: unknown, predictions: unknown): Counts;
  addCounts(a: Counts, b: Counts): Counts;
  summarize(c: Counts): { f1: number; labelAccuracy?: number | null };
}

const scorerOf = (scorers: Scorers, semantic: boolean): AnyScorer =>
  (semantic ? scorers.semantics : scorers.detection) as unknown as AnyScorer;

interface Row {
  digital: Counts[];
  scanned: Counts[];
  ocrMsPerPage: number[];
  /** CPU time per scanned page, this process and its children (pdftoppm, tesseract): steadier than wall time on a shared machine. */
  cpuMsPerPage: number[];
  pages: number;
  /** Pages left unread by OCR (its document time ran out). */
  unread: number;
}

interface TruthFile {
  pages?: { index: number; rotation?: number; cropBox?: number[] }[];
  widgets: { page: number; rect: number[] }[];
}

/** CPU milliseconds used so far by this process and the children it has waited for (Linux /proc). */
function cpuMs(): number {
  const own = process.cpuUsage();
  try {
    const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(f[13]) + Number(f[14])) * 10 + (own.user + own.system) / 1000;
  } catch {
    return (own.user + own.system) / 1000;
  }
}

/**
 * The truth as it lies on the scan: each widget's centre turned with its page by the skew. Fields of a scanned
 * form are placed over the scan's own image (where its blanks show), as a truth drawn over a real scan would be.
 */
function truthOnScan(truth: TruthFile, skewDeg: number, sideways = false): TruthFile {
  const box = (page: number): { x: number; y: number; width: number; height: number } => {
    const [x1, y1, x2, y2] = truth.pages?.find((p) => p.index === page)?.cropBox ?? [0, 0, 612, 792];
    return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
  };
  const place = (rect: number[], page: number): number[] => {
    const b = box(page);
    const [x1, y1, x2, y2] = scannedRect(rect, b, skewDeg);
    if (!sideways) return [x1, y1, x2, y2];
    // Turned a quarter clockwise (scanPdf's sideways): the sheet's left edge is the new top, its bottom the new left.
    const [u1, v1, u2, v2] = [x1 - b.x, y1 - b.y, x2 - b.x, y2 - b.y];
    return [b.x + v1, b.y + b.width - u2, b.x + v2, b.y + b.width - u1];
  };
  return { ...truth, widgets: truth.widgets.map((w) => ({ ...w, rect: place(w.rect, w.page) })) };
}

async function runCorpus(
  scorers: Scorers,
  dir: string,
  file: string,
  semantic: boolean,
  opts: ScannedOptions,
  fontSet: FontSet,
): Promise<Row> {
  const row: Row = { digital: [], scanned: [], ocrMsPerPage: [], cpuMsPerPage: [], pages: 0, unread: 0 };
  const scorer = scorerOf(scorers, semantic);
  let ids = readdirSync(dir)
    .filter((id) => existsSync(path.join(dir, id, file)) && existsSync(path.join(dir, id, 'truth.json')))
    .sort();
  const truths = new Map(ids.map((id) => [id, JSON.parse(readFileSync(path.join(dir, id, 'truth.json'), 'utf8'))]));
  ids = ids.filter((id) => !(truths.get(id).pages ?? []).some((p: { rotation?: number }) => (p.rotation ?? 0) % 360));
  // An even sample over the corpus (every family of the intake corpus shows up in the first pass).
  if (opts.maxForms > 0 && ids.length > opts.maxForms) {
    const step = ids.length / opts.maxForms;
    ids = Array.from({ length: opts.maxForms }, (_, i) => ids[Math.floor(i * step)]);
  }
  for (const id of ids) {
    const pdf = new Uint8Array(readFileSync(path.join(dir, id, file)));
    const truth = truths.get(id);
    const digital = await detectFields(pdf, { ocr: false });
    row.digital.push(scorer.scoreForm(truth, { fields: toPredictions(digital) }));
    const scan = await withFontSet(fontSet, () =>
      scanPdf(pdf, {
        dpi: opts.dpi ?? 200,
        skewDeg: opts.skewDeg,
        noise: opts.noise,
        seed: id.length,
        sideways: opts.sideways,
        paper: opts.paper,
        margin: opts.margin,
      }),
    );
    const t0 = performance.now();
    const c0 = cpuMs();
    const scanned = await detectFields(scan);
    row.ocrMsPerPage.push((performance.now() - t0) / scanned.pageCount);
    row.cpuMsPerPage.push((cpuMs() - c0) / scanned.pageCount);
    row.pages += scanned.pageCount;
    row.unread += scanned.warnings.filter((w) => /not read by OCR/.test(w)).length;
    row.scanned.push(
      scorer.scoreForm(truthOnScan(truth, opts.skewDeg, opts.sideways), { fields: toPredictions(scanned) }),
    );
    if (opts.verbose) {
      const [d, s] = [row.digital.at(-1), row.scanned.at(-1)].map((c) => scorer.summarize(c as Counts));
      const ms = row.ocrMsPerPage.at(-1) ?? 0;
      const labels = semantic ? `; labels ${pct(d.labelAccuracy)} -> ${pct(s.labelAccuracy)}` : '';
      process.stderr.write(
        `    ${id}: F1 ${pct(d.f1)} -> ${pct(s.f1)}${labels}; ${scanned.pageCount} pages, ${ms.toFixed(0)} ms per page` +
          `${scanned.warnings.some((w) => /not read by OCR/.test(w)) ? ' (pages unread)' : ''}\n`,
      );
    }
  }
  return row;
}

/** Lines for the bench report: born-digital vs scanned, boxes and (intake) labels, and OCR time per page. */
export async function scannedRows(scorers: Scorers, shared: string, opts: ScannedOptions): Promise<string[]> {
  const out: string[] = [
    `scanned (image-only copies: ${opts.dpi ?? 200} dpi, skew ${opts.skewDeg}°, ${opts.noise * 100} % noise` +
      `${opts.sideways ? ', every sheet turned a quarter' : ''}${opts.paper !== undefined ? `, paper grey ${opts.paper}` : ''}` +
      `${opts.margin ? `, black margins of ${opts.margin} pt` : ''}` +
      `; ${opts.maxForms || 'all'} forms per corpus):`,
  ];
  for (const [name, dir, file, semantic] of [
    ['dev flat twins', path.join(shared, 'forms', 'dev'), 'flat.pdf', false],
    ['intake-dev', path.join(shared, 'forms', 'intake-dev'), 'flat.pdf', true],
  ] as const) {
    if (opts.corpus && opts.corpus !== (semantic ? 'intake' : 'dev')) continue;
    for (const fontSet of opts.fontSets ?? ['liberation', 'dejavu']) {
      const row = await runCorpus(scorers, dir, file, semantic, opts, fontSet);
      const scorer = scorerOf(scorers, semantic);
      const d = scorer.summarize(pool(scorer, row.digital));
      const s = scorer.summarize(pool(scorer, row.scanned));
      const labels = semantic ? `; labels ${pct(d.labelAccuracy)} -> ${pct(s.labelAccuracy)}` : '';
      out.push(
        `  ${name} (${row.digital.length} forms, copier fonts ${fontSet}): boxes F1 born-digital ${pct(d.f1)} -> ` +
          `scanned ${pct(s.f1)}${labels}; median ${median(row.ocrMsPerPage).toFixed(0)} ms per scanned page ` +
          `(max ${Math.max(...row.ocrMsPerPage).toFixed(0)}; CPU ${median(row.cpuMsPerPage).toFixed(0)} ms); ` +
          `${row.unread} of ${row.pages} pages not read (OCR time out)`,
      );
    }
  }
  return out;
}
