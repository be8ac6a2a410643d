import { Global, Module } from '@nestjs/common';
import { loadSettings, Settings } from './settings';

/**
 * Provides the typed `Settings` everywhere: the object loadSettings() read and validated once (process.env over
 * `.env`), the same one main.ts reads before the container exists. Tests provide their own object instead.
 * A bad value stops the process with one line naming the variable.
 */
@Global()
@Module({
  providers: [{ provide: Settings, useFactory: loadSettings }],
  exports: [Settings],
})
export class SettingsModule {}
