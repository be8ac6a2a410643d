import { DRAFT_COOKIE, draftTokenFrom } from './fill-drafts.service';

const TOKEN = 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY';

describe('draftTokenFrom', () => {
  it('finds the draft token among other cookies', () => {
    expect(draftTokenFrom(`${DRAFT_COOKIE}=${TOKEN}`)).toBe(TOKEN);
    expect(draftTokenFrom(`theme=dark; x=a=b;  ${DRAFT_COOKIE}=${TOKEN} ; lang=es`)).toBe(TOKEN);
  });

  it('is null without a Cookie header or without the draft cookie', () => {
    expect(draftTokenFrom(undefined)).toBeNull();
    expect(draftTokenFrom('')).toBeNull();
    expect(draftTokenFrom(`other_${DRAFT_COOKIE}=${TOKEN}`)).toBeNull();
  });

  it('ignores values that are not a token it could have set', () => {
    for (const value of ['', 'short', `${TOKEN}x`, `${TOKEN.slice(1)}-`, `${TOKEN.slice(2)}%2F`, '%E0%A4%A'])
      expect(draftTokenFrom(`${DRAFT_COOKIE}=${value}`)).toBeNull();
  });

  it('never throws on a malformed header', () => {
    for (const header of ['=', ';;;', `=${TOKEN}`, `${DRAFT_COOKIE}`, `${DRAFT_COOKIE};=${TOKEN}`, '\u0000=\u00ff; a'])
      expect(draftTokenFrom(header)).toBeNull();
  });
});
