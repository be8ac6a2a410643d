/** Words and their boxes from Debian's tesseract (TSV output), English and Spanish. */
import type { Box } from '../layout/types';
import { run, toPgm, type Gray } from './raster';
import { stripCount, stripCuts, stripOf } from './strips';

/** Box: pixels, y down. */
export interface OcrWord extends Box {
  text: string;
  /** 0..100 as tesseract reports it. */
  conf: number;
  /** Words of one text line share it. */
  line: string;
}

let available: Promise<boolean> | undefined;

/** Whether tesseract is installed (checked once per process). */
export function tesseractAvailable(): Promise<boolean> {
  available ??= run('tesseract', ['--version'], null, 10_000)
    .then(() => true)
    .catch(() => false);
  return available;
}

export function parseTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split('\n').slice(1)) {
    const c = row.split('\t');
    if (c.length < 12 || c[0] !== '5') continue;
    const text = c.slice(11).join('\t').trim();
    const conf = Number(c[10]);
    if (!text || conf < 0) continue;
    const [left, top, width, height] = c.slice(6, 10).map(Number);
    words.push({ text, x1: left, y1: top, x2: left + width, y2: top + height, conf, line: `${c[2]}.${c[3]}.${c[4]}` });
  }
  return words;
}

/**
 * Languages tesseract reads with: English alone takes about half the time of English and Spanish together, so a
 * page is read in English first and again with Spanish when its words are Spanish (see `looksSpanish`).
 */
export type OcrLanguages = 'eng' | 'spa+eng';

/**
 * Words of a page image; `dpi` tells tesseract the scale. The page is read as strips in parallel (strips.ts), one
 * tesseract process each: each strip's words are moved down by its top, and its line ids are made its own.
 */
export async function ocrWords(
  img: Gray,
  dpi: number,
  timeoutMs: number,
  languages: OcrLanguages = 'spa+eng',
  strips = stripCount(img.height),
): Promise<OcrWord[]> {
  const bounds = [0, ...stripCuts(img, strips), img.height];
  const args = ['stdin', 'stdout', '-l', languages, '--dpi', String(dpi), '--psm', '11', 'tsv'];
  const parts = await Promise.all(
    bounds.slice(1).map(async (bottom, i) => {
      const top = bounds[i];
      const tsv = await run('tesseract', args, toPgm(stripOf(img, top, bottom)), timeoutMs);
      const words = parseTsv(tsv.toString('utf8'));
      return words.map((w) => ({ ...w, y1: w.y1 + top, y2: w.y2 + top, line: `${i}.${w.line}` }));
    }),
  );
  return parts.flat();
}

/** The page's orientation from tesseract's OSD: degrees to turn it clockwise to read it upright, or 0. */
export async function osdRotation(img: Gray, timeoutMs: number): Promise<number> {
  try {
    const out = (await run('tesseract', ['stdin', 'stdout', '--psm', '0'], toPgm(img), timeoutMs)).toString('utf8');
    const m = /Rotate:\s*(\d+)/.exec(out);
    const conf = Number(/Orientation confidence:\s*([\d.]+)/.exec(out)?.[1] ?? 0);
    return m && conf >= 1.5 ? Number(m[1]) % 360 : 0;
  } catch {
    return 0;
  }
}

/** Words common in Spanish forms and rare in English ones. */
const SPANISH = new Set(
  (
    'de la el los las del y en su sus para por con que es una al se lo sí si usted nombre fecha teléfono telefono ' +
    'dirección direccion paciente médico medico ciudad estado firma correo número numero seguro edad sexo ' +
    'hombre mujer otro otra cuál cual cuándo cuando tiene ha ninguno ninguna'
  ).split(' '),
);

/** Whether words read in English are mostly a Spanish page (its function words stand out even misread). */
export function looksSpanish(words: OcrWord[]): boolean {
  const tokens = words.flatMap((w) => w.text.toLowerCase().split(/[^a-záéíóúñü]+/)).filter((t) => t.length > 0);
  if (tokens.length < 8) return false;
  return tokens.filter((t) => SPANISH.has(t)).length >= 0.12 * tokens.length;
}
