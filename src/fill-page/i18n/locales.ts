/** Languages of the patient page's own words (the form's printed labels stay as printed). */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first language of an Accept-Language header we speak, by the header's q-values; null when none. */
export function fromAcceptLanguage(header: string | undefined): Locale | null {
  const ranked = (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
      return { lang: tag.split('-')[0], q: q ? Number(q[1]) : 1, i };
    })
    .filter((r) => r.lang && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.map((r) => r.lang).find(isLocale) ?? null;
}

/**
 * The page language: the patient's own switch (?lang=) first, then the language the partner set on the link,
 * then the browser's Accept-Language, then English.
 */
export function pickLocale(choice: unknown, linkLocale: string | null | undefined, acceptLanguage?: string): Locale {
  if (isLocale(choice)) return choice;
  if (isLocale(linkLocale)) return linkLocale;
  return fromAcceptLanguage(acceptLanguage) ?? 'en';
}
