import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '../i18n/locales';
import { STRINGS } from '../i18n/strings';
import { pageScriptStrings } from './page-script-strings';

const SOURCES = join(__dirname, '..', '..', '..', 'public', 'fill-page', 'src');
const scripts = readdirSync(SOURCES)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'))
  .map((name) => readFileSync(join(SOURCES, name), 'utf8'));
const read = [...new Set(scripts.flatMap((script) => [...script.matchAll(/\bS\.(\w+)/g)].map((m) => m[1])))].sort();

describe('the page script and its strings', () => {
  it('reads its words by name only (so the list below is complete)', () => {
    for (const script of scripts) {
      expect(script).not.toMatch(/\bS\[/);
      if (/\bS\./.test(script)) expect(script).toContain('const S = pageStrings();');
    }
    expect(read.length).toBeGreaterThan(20);
  });

  it.each(LOCALES)('%s: the page sends every word the script reads, and only those', (locale) => {
    const sent = pageScriptStrings(STRINGS[locale]);
    expect(Object.keys(sent).sort()).toEqual(read);
    for (const [key, text] of Object.entries(sent))
      expect([key, typeof text, text.length > 0]).toEqual([key, 'string', true]);
  });
});
