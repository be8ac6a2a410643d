/**
 * Specs run sandbox children from JavaScript compiled once per source state, not through ts-node:
 * a ts-node child spends about a second loading TypeScript and transpiling detection and rendering
 * at every spawn, and the sandbox specs spawn hundreds of children.
 *
 * The child's module graph (src/pdf-sandbox, src/detection, src/rendering, src/shared and this folder) is
 * transpiled with the project's own TypeScript (transpileModule: no type check, no new dependency)
 * into node_modules/.cache/edform-sandbox-child/<hash of the sources>/, mirroring the repository
 * layout, with `src/...` imports rewritten to relative paths. Parallel jest workers compile into a
 * private folder and rename it into place; the first to finish wins, the others reuse it.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { configureSandboxLaunch, type SandboxLaunch } from 'src/pdf-sandbox';

const REPO = path.resolve(__dirname, '../../..');
const SOURCE_DIRS = ['src/pdf-sandbox', 'src/detection', 'src/rendering', 'src/shared', 'test/utils/sandbox'];
const CACHE = path.join(REPO, 'node_modules', '.cache', 'edform-sandbox-child');

function sources(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(REPO, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) files.push(rel);
    }
  };
  SOURCE_DIRS.forEach(walk);
  return files.sort();
}

/** `require("src/x")` -> a path relative to the compiled file (the child runs without tsconfig-paths). */
function rewriteSrcImports(js: string, rel: string): string {
  return js.replace(/require\("src\/([^"]+)"\)/g, (_m, target: string) => {
    let to = path.relative(path.dirname(rel), path.join('src', target)).split(path.sep).join('/');
    if (!to.startsWith('.')) to = `./${to}`;
    return `require("${to}")`;
  });
}

function compile(files: string[], outDir: string): void {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.CommonJS,
    target: ts.ScriptTarget.ES2022,
    esModuleInterop: true,
    experimentalDecorators: true,
  };
  for (const rel of files) {
    const { outputText } = ts.transpileModule(readFileSync(path.join(REPO, rel), 'utf8'), {
      compilerOptions: options,
      fileName: rel,
    });
    const out = path.join(outDir, rel.replace(/\.ts$/, '.js'));
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, rewriteSrcImports(outputText, rel));
  }
  // Rendering reads its bundled font relative to its own folder.
  symlinkSync(path.join(REPO, 'assets'), path.join(outDir, 'assets'), 'dir');
}

/** The compiled folder for the current sources (compiled now if needed). */
export function compiledSandboxDir(): string {
  const files = sources();
  const hash = createHash('sha256').update(ts.version);
  for (const rel of files)
    hash
      .update(rel)
      .update('\0')
      .update(readFileSync(path.join(REPO, rel)));
  const dir = path.join(CACHE, hash.digest('hex').slice(0, 16));
  if (existsSync(path.join(dir, 'test/utils/sandbox/test-child.js'))) return dir;
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  compile(files, tmp);
  try {
    renameSync(tmp, dir);
  } catch {
    // Another worker renamed its copy first: use that one.
    rmSync(tmp, { recursive: true, force: true });
  }
  return dir;
}

/** Launch of the compiled child: `test: true` serves the test tasks too, else the production tasks only. */
export function compiledSandboxLaunch(options: { test: boolean }): SandboxLaunch {
  const dir = compiledSandboxDir();
  const entry = options.test ? 'test/utils/sandbox/test-child.js' : 'src/pdf-sandbox/sandbox-child.js';
  return { entry: path.join(dir, entry), loaderArgv: [], loaderEnv: {} };
}

/** Makes later sandbox children in this jest worker start from the compiled entry. */
export function useCompiledSandbox(options: { test: boolean } = { test: true }): void {
  configureSandboxLaunch(compiledSandboxLaunch(options));
}
