import type { DataSourceOptions } from 'typeorm';
import type { Settings } from 'src/config/settings';
import { SnakeNamingStrategy } from './snake-naming.strategy';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** One options function for the app and for the migration CLI (ormconfig.ts). */
export function dataSourceOptions(settings: Pick<Settings, 'DATABASE_URL'>): DataSourceOptions {
  return {
    type: 'postgres',
    url: settings.DATABASE_URL,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    extra: { max: 20, application_name: 'edform' },
  };
}
