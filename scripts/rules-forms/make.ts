/**
 * Writes the answer-rules dev forms: test/fixtures/forms/<family>/{flat.pdf, original.pdf, truth.json}.
 *
 *   npx ts-node --transpile-only scripts/rules-forms/make.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildFamily } from './build';
import { FAMILIES } from './families';

export const RULES_FORMS_DIR = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'forms');

async function main(): Promise<void> {
  for (const family of FAMILIES) {
    const dir = path.join(RULES_FORMS_DIR, family.id);
    mkdirSync(dir, { recursive: true });
    const { flat, original, truth } = await buildFamily(family);
    writeFileSync(path.join(dir, 'flat.pdf'), flat);
    writeFileSync(path.join(dir, 'original.pdf'), original);
    writeFileSync(path.join(dir, 'truth.json'), `${JSON.stringify(truth, null, 1)}\n`);
    console.log(`${family.id}: ${(truth as { widgets: unknown[] }).widgets.length} widgets`);
  }
}

if (require.main === module) void main();
