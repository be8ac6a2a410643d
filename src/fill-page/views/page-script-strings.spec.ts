import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '../i18n/locales';
import { STRINGS } from '../i18n/strings';
import { pageScriptStrings } from './page-script-strings';

const script = readFileSync(join(__dirname, '..', '..', '..', 'public', 'fill-page.js'), 'utf8');
const read = [...new Set([...script.matchAll(/\bS\.(\w+)/g)].map((m) => m[1]))].sort();

describe('the page script and its strings', () => {
  it('reads its words by name only (so the list below is complete)', () => {
    expect(script).toContain("var S = readBlock('page-strings');");
    expect(script).not.toMatch(/\bS\[/);
    expect(read.length).toBeGreaterThan(20);
  });

  it.each(LOCALES)('%s: the page sends every word the script reads, and only those', (locale) => {
    const sent = pageScriptStrings(STRINGS[locale]);
    expect(Object.keys(sent).sort()).toEqual(read);
    for (const [key, text] of Object.entries(sent))
      expect([key, typeof text, text.length > 0]).toEqual([key, 'string', true]);
  });
});
