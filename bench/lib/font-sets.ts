/**
 * The fonts a simulated copier draws unembedded text with. poppler asks fontconfig for a substitute (Helvetica
 * becomes Nimbus Sans where ghostscript's URW fonts are installed, DejaVu Sans or Liberation Sans elsewhere), so the
 * scanned rows are rendered with named font sets, each a fontconfig of its own that sees one family of files and
 * maps every generic name onto it: the figures then say what the fonts change, not which machine ran the bench.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type FontSet = 'machine' | 'liberation' | 'dejavu';

const FAMILIES: Record<Exclude<FontSet, 'machine'>, { dir: string; sans: string; serif: string; mono: string }> = {
  liberation: {
    dir: path.join(__dirname, '..', '..', 'test', 'fixtures', 'fonts'),
    sans: 'Liberation Sans',
    serif: 'Liberation Sans',
    mono: 'Liberation Mono',
  },
  dejavu: {
    dir: '/usr/share/fonts/truetype/dejavu',
    sans: 'DejaVu Sans',
    serif: 'DejaVu Serif',
    mono: 'DejaVu Sans Mono',
  },
};

const PDF_NAMES = {
  sans: ['Helvetica', 'Arial', 'sans-serif', 'sans'],
  serif: ['Times', 'Times New Roman', 'Times-Roman', 'serif'],
  mono: ['Courier', 'Courier New', 'monospace', 'mono'],
};

const configs = new Map<FontSet, string>();

/** A fonts.conf that knows only the set's files, every PDF base-14 family name aliased onto them. */
function fontConfigFile(set: Exclude<FontSet, 'machine'>): string {
  const family = FAMILIES[set];
  const dir = mkdtempSync(path.join(tmpdir(), `edform-fonts-${set}-`));
  const aliases = (Object.keys(PDF_NAMES) as (keyof typeof PDF_NAMES)[])
    .flatMap((kind) =>
      PDF_NAMES[kind].map(
        (name) =>
          `  <match target="pattern"><test name="family"><string>${name}</string></test>` +
          `<edit name="family" mode="assign" binding="strong"><string>${family[kind]}</string></edit></match>`,
      ),
    )
    .join('\n');
  const file = path.join(dir, 'fonts.conf');
  writeFileSync(
    file,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${family.dir}</dir>\n` +
      `  <cachedir>${dir}/cache</cachedir>\n${aliases}\n</fontconfig>\n`,
  );
  return file;
}

/** Runs `work` with poppler (started meanwhile) seeing only the set's fonts; `machine` leaves fontconfig alone. */
export async function withFontSet<T>(set: FontSet, work: () => Promise<T>): Promise<T> {
  if (set === 'machine') return work();
  const file = configs.get(set) ?? fontConfigFile(set);
  configs.set(set, file);
  const before = process.env.FONTCONFIG_FILE;
  process.env.FONTCONFIG_FILE = file;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.FONTCONFIG_FILE;
    else process.env.FONTCONFIG_FILE = before;
  }
}

export function fontSetsOf(value: string | undefined): FontSet[] {
  const sets = (value ?? 'liberation,dejavu').split(',').map((s) => s.trim());
  const known = sets.filter((s): s is FontSet => s === 'machine' || s in FAMILIES);
  if (known.length !== sets.length)
    throw new Error(`BENCH_SCANNED_FONTS: use machine, liberation, dejavu (got ${value})`);
  return known;
}
