// The page's words in its language, from the JSON block #page-strings (src/fill-page/views/page-script-strings.ts
// sends exactly the keys this script reads; page-script-strings.spec.ts holds the two to each other).
import { readBlock } from './dom';

export type PageScriptStrings = Record<string, string>;

let strings: PageScriptStrings | null = null;

/** The strings, read once. Every locale gives every key, so a missing one is a server bug: it shows as "". */
export function pageStrings(): PageScriptStrings {
  strings ??= readBlock<PageScriptStrings>('page-strings') as PageScriptStrings;
  return strings;
}
