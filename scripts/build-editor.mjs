// Builds the browser bundles with esbuild from TypeScript (type-checked by `npm run check`, not here):
//   public/fill-page/src/main.ts -> public/fill-page.js (the patient page, a classic `defer` script)
//   public/editor/src/main.ts    -> public/editor/dist/editor.js (the template editor, an ES module)
// and copies pdf.js's worker and standard fonts beside the editor, so its page loads nothing from anywhere but this
// origin. Both outputs are git-ignored. Run by `npm run build`, `npm start`, `npm test` and the browser tests;
// takes well under a second.
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const editorOut = join(root, 'public', 'editor', 'dist');
const pdfjs = join(root, 'node_modules', 'pdfjs-dist');
const common = {
  bundle: true,
  minify: true,
  sourcemap: false,
  target: ['chrome110', 'firefox110', 'safari16'],
  legalComments: 'linked',
  logLevel: 'warning',
  tsconfig: join(root, 'public', 'tsconfig.json'),
};

rmSync(editorOut, { recursive: true, force: true });
mkdirSync(editorOut, { recursive: true });
await Promise.all([
  build({
    ...common,
    entryPoints: [join(root, 'public', 'fill-page', 'src', 'main.ts')],
    outfile: join(root, 'public', 'fill-page.js'),
    format: 'iife',
  }),
  build({
    ...common,
    entryPoints: [join(root, 'public', 'editor', 'src', 'main.ts')],
    outfile: join(editorOut, 'editor.js'),
    format: 'esm',
  }),
]);
cpSync(join(pdfjs, 'legacy', 'build', 'pdf.worker.min.mjs'), join(editorOut, 'pdf.worker.min.mjs'));
cpSync(join(pdfjs, 'standard_fonts'), join(editorOut, 'standard_fonts'), { recursive: true });
