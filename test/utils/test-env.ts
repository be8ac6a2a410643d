// Loaded before every test file (jest setupFiles): the test database, Redis db 1, quiet logs.
import { ADMIN } from './admin-token';

process.env.NODE_ENV = 'test';
// The per-run database and queue prefix made by global-setup.ts (unit tests never connect).
process.env.DATABASE_URL = process.env.EDFORM_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/edform_test';
process.env.QUEUE_PREFIX = process.env.EDFORM_TEST_QUEUE_PREFIX ?? 'edform-test';
process.env.REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1';
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
process.env.ADMIN_TOKEN = ADMIN;
process.env.PUBLIC_BASE_URL = 'http://127.0.0.1:3999';
process.env.ALLOW_INSECURE_OUTBOUND = 'true';
// Tests pose as distinct clients through X-Forwarded-For from the loopback peer (off by default in the service).
process.env.TRUST_PROXY = 'loopback';
delete process.env.DATA_ENCRYPTION_KEY;
// Per-IP limits are counted per run across every spec file (all from 127.0.0.1): a browser test would otherwise
// use up the next one's allowance. The specs of the limits themselves set low limits (and their own client IPs).
process.env.PUBLIC_RATE_LIMIT_PER_MINUTE ??= '100000';
process.env.AUTH_FAILURES_PER_MINUTE ??= '100000';
