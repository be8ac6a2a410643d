import { Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { configureKeyring, keyringFromSettings } from 'src/common/crypto/encryption';
import { Settings } from 'src/config/settings';
import { databaseOutage } from './database-outage';
import { dataSourceOptions } from './data-source-options';
import { runMigrationsLocked } from './run-migrations';

const logger = new Logger('Database');

/** PostgreSQL through TypeORM; checked-in migrations are applied at start, `synchronize` never. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [Settings],
      useFactory: (settings: Settings) => dataSourceOptions(settings, 'app'),
      dataSourceFactory: async (options) => {
        // Migrations on their own short-lived connection, free of the app pool's statement timeouts.
        const url = (options as PostgresConnectionOptions).url!;
        const migrator = await new DataSource(dataSourceOptions({ DATABASE_URL: url })).initialize();
        try {
          const applied = await runMigrationsLocked(migrator);
          if (applied.length) logger.log(`applied migrations: ${applied.join(', ')}`);
        } finally {
          await migrator.destroy();
        }
        return new DataSource(options!).initialize();
      },
    }),
  ],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(settings: Settings, dataSource: DataSource) {
    // While PostgreSQL is out, this query tells when it is back (logged once; see database-outage.ts).
    databaseOutage.useProbe(() => dataSource.query('SELECT 1'));
    // Encrypted columns are read through static transformers, so the keyring is set before any query.
    configureKeyring(keyringFromSettings(settings.DATA_ENCRYPTION_KEY, settings.DATA_ENCRYPTION_PREVIOUS_KEYS));
    if (!settings.DATA_ENCRYPTION_KEY) {
      logger.warn(
        'DATA_ENCRYPTION_KEY is not set: protected health information is encrypted with the PUBLIC DEVELOPMENT KEY. ' +
          'Never use this setup with real patient data.',
      );
    }
  }

  onApplicationShutdown(): void {
    databaseOutage.useProbe(undefined);
  }
}
