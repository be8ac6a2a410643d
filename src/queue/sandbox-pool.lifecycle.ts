import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Settings } from 'src/config/settings';
import { configureSandboxPool, shutdownSandboxPool } from 'src/pdf-sandbox';

/** Sizes the warm pool of PDF sandbox children from the settings, and stops it with the process. */
@Injectable()
export class SandboxPoolLifecycle implements OnApplicationShutdown {
  constructor(settings: Settings) {
    configureSandboxPool({
      size: settings.PDF_SANDBOX_POOL_SIZE,
      maxTasksPerChild: settings.PDF_SANDBOX_MAX_TASKS_PER_CHILD,
      nice: settings.PDF_SANDBOX_NICE,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await shutdownSandboxPool();
  }
}
