import type { DataSourceOptions } from 'typeorm';
import type { Settings } from 'src/config/settings';
import { SnakeNamingStrategy } from './snake-naming.strategy';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

type DatabaseSettings = Pick<Settings, 'DATABASE_URL'> &
  Partial<Pick<Settings, 'DB_CONNECT_TIMEOUT_MS' | 'DB_STATEMENT_TIMEOUT_MS'>>;

/**
 * One options function for the app and for the migration CLI (ormconfig.ts). The app's pool (`purpose: 'app'`)
 * gives up on PostgreSQL in bounded time: waiting for a connection after `DB_CONNECT_TIMEOUT_MS`, a statement is
 * cancelled by the server after `DB_STATEMENT_TIMEOUT_MS`, and the client stops waiting one second later when the
 * server does not answer at all (frozen). Migrations run without those limits (a long migration, or waiting for the
 * advisory lock while another process migrates, is normal).
 */
export function dataSourceOptions(
  settings: DatabaseSettings,
  purpose: 'app' | 'migrations' = 'migrations',
): DataSourceOptions {
  const limits =
    purpose === 'app'
      ? {
          connectionTimeoutMillis: settings.DB_CONNECT_TIMEOUT_MS,
          statement_timeout: settings.DB_STATEMENT_TIMEOUT_MS,
          query_timeout: settings.DB_STATEMENT_TIMEOUT_MS && settings.DB_STATEMENT_TIMEOUT_MS + 1_000,
          // Notices a peer that vanished (no FIN) on idle pooled connections.
          keepAlive: true,
        }
      : {};
  return {
    type: 'postgres',
    url: settings.DATABASE_URL,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    extra: { max: purpose === 'app' ? 20 : 2, application_name: 'edform', ...limits },
  };
}
