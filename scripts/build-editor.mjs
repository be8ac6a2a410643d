// Builds the template editor's one script bundle (public/editor/src -> public/editor/dist) with esbuild, and
// copies pdf.js's worker and standard fonts beside it, so the page loads nothing from anywhere but this origin.
// Run by `npm run build`, `npm start`, `npm test` and the editor's browser test; takes well under a second.
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'public', 'editor', 'dist');
const pdfjs = join(root, 'node_modules', 'pdfjs-dist');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(root, 'public', 'editor', 'src', 'main.js')],
  outfile: join(out, 'editor.js'),
  bundle: true,
  format: 'esm',
  minify: true,
  sourcemap: false,
  target: ['chrome110', 'firefox110', 'safari16'],
  legalComments: 'linked',
  logLevel: 'warning',
});
cpSync(join(pdfjs, 'legacy', 'build', 'pdf.worker.min.mjs'), join(out, 'pdf.worker.min.mjs'));
cpSync(join(pdfjs, 'standard_fonts'), join(out, 'standard_fonts'), { recursive: true });
