import { randomBytes } from 'node:crypto';
import { validateSettings } from './settings';

describe('settings validation', () => {
  it('fills every default for local use', () => {
    const settings = validateSettings({});
    expect(settings).toMatchObject({
      PORT: 3000,
      APP_ROLE: 'all',
      IMPORTS_DAILY_QUOTA: 200,
      RATE_LIMIT_PER_MINUTE: 600,
      WEBHOOK_RETRY_BASE_MS: 60000,
      WEBHOOK_RETRY_MAX_MS: 21600000,
      WEBHOOK_MAX_ATTEMPTS: 10,
      ALLOW_INSECURE_OUTBOUND: false,
    });
  });

  it('names the bad variable', () => {
    expect(() => validateSettings({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => validateSettings({ APP_ROLE: 'both' })).toThrow(/APP_ROLE/);
    expect(() => validateSettings({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => validateSettings({ DATA_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/DATA_ENCRYPTION_KEY.*32 bytes/);
  });

  it('refuses ALLOW_INSECURE_OUTBOUND and a missing DATA_ENCRYPTION_KEY in production', () => {
    expect(() => validateSettings({ NODE_ENV: 'production' })).toThrow(/DATA_ENCRYPTION_KEY: required in production/);
    const key = randomBytes(32).toString('base64');
    expect(() =>
      validateSettings({ NODE_ENV: 'production', DATA_ENCRYPTION_KEY: key, ALLOW_INSECURE_OUTBOUND: 'true' }),
    ).toThrow(/ALLOW_INSECURE_OUTBOUND/);
    expect(validateSettings({ NODE_ENV: 'production', DATA_ENCRYPTION_KEY: key }).NODE_ENV).toBe('production');
  });

  it('treats an empty variable as unset', () => {
    expect(validateSettings({ ADMIN_TOKEN: '' }).ADMIN_TOKEN).toBeUndefined();
    expect(() => validateSettings({ ADMIN_TOKEN: 'short' })).toThrow(/ADMIN_TOKEN/);
  });
});
