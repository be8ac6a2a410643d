import type { PageStrings } from '../i18n/strings';

/**
 * The words the page script (public/fill-page/src) writes itself (errors, sending, a link gone while filling), in the page's language,
 * sent in the page as the JSON block #page-strings. The script keeps no fallback copy of its own, so every locale
 * gives each of them (page-script-strings.spec.ts holds the script and this list to each other).
 */
export function pageScriptStrings(s: PageStrings): Record<string, string> {
  return { ...s.client, ...s.gone, nextStep: s.nextStep, submit: s.submit, problem: s.problem };
}
