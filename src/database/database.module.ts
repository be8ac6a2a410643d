import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { configureKeyring, keyringFromSettings } from 'src/common/crypto/encryption';
import { Settings } from 'src/config/settings';
import { dataSourceOptions } from './data-source-options';
import { runMigrationsLocked } from './run-migrations';

const logger = new Logger('Database');

/** PostgreSQL through TypeORM; checked-in migrations are applied at start, `synchronize` never. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [Settings],
      useFactory: (settings: Settings) => dataSourceOptions(settings),
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        const applied = await runMigrationsLocked(dataSource);
        if (applied.length) logger.log(`applied migrations: ${applied.join(', ')}`);
        return dataSource;
      },
    }),
  ],
})
export class DatabaseModule {
  constructor(settings: Settings) {
    // Encrypted columns are read through static transformers, so the keyring is set before any query.
    configureKeyring(keyringFromSettings(settings.DATA_ENCRYPTION_KEY, settings.DATA_ENCRYPTION_PREVIOUS_KEYS));
    if (!settings.DATA_ENCRYPTION_KEY) {
      logger.warn(
        'DATA_ENCRYPTION_KEY is not set: protected health information is encrypted with the PUBLIC DEVELOPMENT KEY. ' +
          'Never use this setup with real patient data.',
      );
    }
  }
}
