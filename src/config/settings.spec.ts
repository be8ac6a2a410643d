import { Test } from '@nestjs/testing';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { SettingsModule } from './settings.module';
import { loadSettings, resetSettingsCache, Settings, settingsEnvironment, validateSettings } from './settings';

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

describe('one settings source', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'settings-'));
  const envFile = path.join(dir, '.env');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads .env under the environment: a variable set in the environment wins, process.env is not changed', () => {
    writeFileSync(envFile, 'WORKER_CONCURRENCY=7\nLOG_LEVEL=debug\n# comment\nADMIN_TOKEN=\n');
    const source = settingsEnvironment(envFile, { LOG_LEVEL: 'warn' });
    expect(source).toMatchObject({ WORKER_CONCURRENCY: '7', LOG_LEVEL: 'warn', ADMIN_TOKEN: '' });
    expect(validateSettings(source)).toMatchObject({
      WORKER_CONCURRENCY: 7,
      LOG_LEVEL: 'warn',
      ADMIN_TOKEN: undefined,
    });
    expect(process.env.WORKER_CONCURRENCY).toBeUndefined();
    expect(settingsEnvironment(path.join(dir, 'missing.env'), { PORT: '1' })).toEqual({ PORT: '1' });
  });

  it('dependency injection provides the very object loadSettings() returns (main.ts reads that one too)', async () => {
    resetSettingsCache();
    const moduleRef = await Test.createTestingModule({ imports: [SettingsModule] }).compile();
    expect(moduleRef.get(Settings)).toBe(loadSettings());
    await moduleRef.close();
  });
});
