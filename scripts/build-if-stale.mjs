#!/usr/bin/env node
/**
 * `npm start` and the compiled benchmarks: build only when the sources changed since the last build.
 * Compares a SHA-256 of every input of the build (src/, the tsconfigs, package-lock.json: contents, not
 * mtimes, so a fresh clone or a checkout that rewrites files is judged by what they hold) with the hash
 * stored in dist/ by the last successful build. BUILD_COMMAND overrides `npm run build` (tests).
 */
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = process.cwd();
const INPUTS = ['src', 'ormconfig.ts', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];
const STAMP = join(root, 'dist', '.source-hash');
const ENTRY = join(root, 'dist', 'src', 'main.js');

/** The file itself, or every file under a directory; nothing when missing. */
function filesOf(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

function sourceHash() {
  const hash = createHash('sha256');
  const files = INPUTS.flatMap((input) => filesOf(join(root, input))).sort();
  for (const file of files)
    hash
      .update(`${relative(root, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  return hash.digest('hex');
}

const current = sourceHash();
const previous = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
if (current === previous && existsSync(ENTRY)) {
  process.stdout.write('build: sources unchanged since the last build, skipped\n');
} else {
  execSync(process.env.BUILD_COMMAND ?? 'npm run build', { stdio: 'inherit' });
  writeFileSync(STAMP, `${current}\n`);
}
