import type { Provider } from '@nestjs/common';
import { loadSettings } from 'src/config/settings';

/** Whether this process runs queue processors (APP_ROLE all or worker). */
export function runsWorkers(): boolean {
  return loadSettings().APP_ROLE !== 'api';
}

/** Processor providers, included only in processes that run workers, so API replicas never consume jobs. */
export function workerProviders(...providers: Provider[]): Provider[] {
  return runsWorkers() ? providers : [];
}
