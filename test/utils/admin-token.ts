/** The admin API's bearer token in every test app (test-env.ts sets ADMIN_TOKEN to it). */
export const ADMIN = 'test-admin-token-0123456789';
