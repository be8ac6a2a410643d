import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = join(__dirname, 'build-if-stale.mjs');
// Stands in for `npm run build`: writes the entry and counts its runs.
const FAKE_BUILD =
  "node -e \"const f=require('fs');f.mkdirSync('dist/src',{recursive:true});f.writeFileSync('dist/src/main.js','');f.appendFileSync('builds','x')\"";

describe('build-if-stale (npm start builds only when the sources changed)', () => {
  let dir: string;
  const run = () =>
    execFileSync(process.execPath, [SCRIPT], {
      cwd: dir,
      env: { ...process.env, BUILD_COMMAND: FAKE_BUILD },
    }).toString();
  const builds = () => readFileSync(join(dir, 'builds'), 'utf8').length;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'build-if-stale-'));
    mkdirSync(join(dir, 'src', 'a'), { recursive: true });
    writeFileSync(join(dir, 'src', 'a', 'main.ts'), 'export const a = 1;\n');
    writeFileSync(join(dir, 'tsconfig.json'), '{}');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds the first time, skips while nothing changed, and builds again after a change', () => {
    run();
    expect(builds()).toBe(1);
    expect(run()).toContain('skipped');
    expect(builds()).toBe(1);
    writeFileSync(join(dir, 'src', 'a', 'main.ts'), 'export const a = 2;\n');
    run();
    expect(builds()).toBe(2);
    writeFileSync(join(dir, 'tsconfig.json'), '{"compilerOptions":{}}');
    run();
    expect(builds()).toBe(3);
    expect(run()).toContain('skipped');
  });

  it('builds when dist/ was removed even though the sources did not change', () => {
    rmSync(join(dir, 'dist', 'src'), { recursive: true });
    run();
    expect(builds()).toBe(4);
  });
});
