import { ApiKeyCache, HEARD_TTL_MS, UNHEARD_TTL_MS } from './api-key-cache';

describe('ApiKeyCache', () => {
  let now: number;
  let cache: ApiKeyCache<string>;
  const ids = { keyId: 'key_a', orgId: 'org_a' };
  const put = (hash = 'h1', value = 'row', of = ids) => cache.store(cache.ticket(), hash, value, of);

  beforeEach(() => {
    now = 1_000_000;
    cache = new ApiKeyCache<string>(() => now);
  });

  it('trusts an entry for less than a second while no change notice can reach it', () => {
    put();
    now += UNHEARD_TTL_MS - 1;
    expect(cache.get('h1')).toBe('row');
    now += 1;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('trusts an entry up to a minute while the channel is heard from, and a second once it falls silent', () => {
    cache.heardFrom();
    put();
    for (let t = 0; t < HEARD_TTL_MS - UNHEARD_TTL_MS; t += UNHEARD_TTL_MS / 4) {
      now += UNHEARD_TTL_MS / 4;
      cache.heardFrom();
    }
    expect(cache.get('h1')).toBe('row');
    now += UNHEARD_TTL_MS; // no heartbeat for a second: Redis frozen or gone
    expect(cache.get('h1')).toBeUndefined();
  });

  it('drops everything when the channel is heard again after a silence (a notice may have been missed)', () => {
    cache.heardFrom();
    put();
    now += UNHEARD_TTL_MS; // silence
    cache.heardFrom();
    expect(cache.size).toBe(0);
  });

  it('drops everything when the connection closes', () => {
    cache.heardFrom();
    put();
    cache.lost();
    expect(cache.get('h1')).toBeUndefined();
  });

  it('drops the entries a notice names, by key or by organization, and keeps the others', () => {
    cache.heardFrom();
    put('h1', 'a', { keyId: 'key_a', orgId: 'org_1' });
    put('h2', 'b', { keyId: 'key_b', orgId: 'org_1' });
    put('h3', 'c', { keyId: 'key_c', orgId: 'org_2' });
    cache.invalidate({ keyId: 'key_a' });
    expect([cache.get('h1'), cache.get('h2'), cache.get('h3')]).toEqual([undefined, 'b', 'c']);
    cache.invalidate({ orgId: 'org_1' });
    expect([cache.get('h2'), cache.get('h3')]).toEqual([undefined, 'c']);
  });

  it('does not store a lookup that started before a change (it may have read the key before its revocation)', () => {
    cache.heardFrom();
    const ticket = cache.ticket();
    cache.invalidate({ keyId: 'key_a' });
    cache.store(ticket, 'h1', 'stale', ids);
    expect(cache.get('h1')).toBeUndefined();
  });
});
