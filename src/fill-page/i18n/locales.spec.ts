import { fromAcceptLanguage, pickLocale } from './locales';
import { STRINGS } from './strings';

describe('page language', () => {
  it('reads Accept-Language by q-value and falls back to English', () => {
    expect(fromAcceptLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(fromAcceptLanguage('fr-CA,fr;q=0.9,en;q=0.5,es;q=0.7')).toBe('es');
    expect(fromAcceptLanguage('de, fr')).toBeNull();
    expect(fromAcceptLanguage(undefined)).toBeNull();
    expect(fromAcceptLanguage('es;q=0')).toBeNull();
  });

  it("prefers the patient's switch, then the link's locale, then the browser", () => {
    expect(pickLocale('es', 'en', 'en')).toBe('es');
    expect(pickLocale(undefined, 'es', 'en-US')).toBe('es');
    expect(pickLocale('xx', null, 'es-ES')).toBe('es');
    expect(pickLocale(['es'], null, undefined)).toBe('en');
  });

  it('has every word in every language', () => {
    const keys = (o: object): string[] => Object.keys(o).sort();
    expect(keys(STRINGS.es)).toEqual(keys(STRINGS.en));
    expect(keys(STRINGS.es.client)).toEqual(keys(STRINGS.en.client));
  });
});
