import { Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { loadSettings, Settings, validateSettings } from './settings';

/**
 * Loads `.env` (when present) through @nestjs/config, validates once at boot and provides the typed
 * `Settings` everywhere. A bad value stops the process with one line naming the variable.
 */
@Global()
@Module({
  imports: [ConfigModule.forRoot({ validate: validateSettings, ignoreEnvVars: false, cache: true })],
  providers: [{ provide: Settings, useFactory: loadSettings }],
  exports: [Settings],
})
export class SettingsModule {}
