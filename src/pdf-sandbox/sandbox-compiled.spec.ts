/**
 * The sandbox must also work from compiled JavaScript (`node dist/src/main.js`), where the child is
 * `sandbox-child.js` run by plain node without ts-node. This spec transpiles the module's sources
 * into a temporary folder (with node_modules linked) and drives it from a separate node process.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';
import { simplePdf } from '../../test/fixtures/pdfs/hostile/hostile-pdfs';

jest.setTimeout(60_000);

const repoRoot = path.resolve(__dirname, '../..');
let workDir: string;
let moduleDir: string;

beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'pdf-sandbox-dist-'));
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(workDir, 'node_modules'), 'dir');
  moduleDir = path.join(workDir, 'dist', 'src', 'pdf-sandbox');
  mkdirSync(moduleDir, { recursive: true });
  for (const file of readdirSync(__dirname).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))) {
    const source = readFileSync(path.join(__dirname, file), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
      fileName: file,
    });
    writeFileSync(path.join(moduleDir, file.replace(/\.ts$/, '.js')), outputText);
  }
  writeFileSync(path.join(workDir, 'simple.pdf'), simplePdf(2));
});

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

function runScript(body: string): { status: number | null; out: Record<string, unknown>; stderr: string } {
  const script = `
    const { runInSandbox, resolveSandboxLaunch } = require(${JSON.stringify(path.join(moduleDir, 'index.js'))});
    const pdf = require('node:fs').readFileSync(${JSON.stringify(path.join(workDir, 'simple.pdf'))});
    (async () => { ${body} })().then(
      (out) => process.stdout.write(JSON.stringify(out)),
      (e) => { process.stdout.write(JSON.stringify({ failed: String(e) })); process.exitCode = 1; },
    );`;
  const result = spawnSync(process.execPath, ['-e', script], {
    cwd: workDir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH },
    timeout: 30_000,
  });
  return {
    status: result.status,
    out: JSON.parse(result.stdout || '{}') as Record<string, unknown>,
    stderr: result.stderr,
  };
}

describe('runInSandbox from compiled JavaScript', () => {
  it('launches sandbox-child.js with plain node (no ts-node) and runs inspect', () => {
    const { status, out, stderr } = runScript(`
      const launch = resolveSandboxLaunch();
      const result = await runInSandbox('inspect', { pdf });
      return { launch, result };`);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(out).toEqual({
      launch: { entry: path.join(moduleDir, 'sandbox-child.js'), loaderArgv: [], loaderEnv: {} },
      result: { pageCount: 2, encrypted: false, hasAcroForm: false, hasXfa: false, hasJavaScript: false },
    });
  });

  it('serves the production tasks only (test tasks live in test code) and keeps working', () => {
    const { status, out } = runScript(`
      const error = await runInSandbox('spin', { pdf }, { timeoutMs: 1000 }).catch((e) => e);
      const after = await runInSandbox('inspect', { pdf });
      return { code: error.code, detail: error.detail, pages: after.pageCount };`);
    expect(status).toBe(0);
    expect(out).toEqual({ code: 'PROCESSING_ERROR', detail: 'unknown sandbox task "spin"', pages: 2 });
  });
});
