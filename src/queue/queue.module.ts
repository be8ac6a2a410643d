import { BullModule } from '@nestjs/bull';
import { Global, Module } from '@nestjs/common';
import { Settings } from 'src/config/settings';
import { DEFAULT_JOB_OPTIONS, QUEUES, queueCrashRecovery } from './queues';
import { SandboxPoolLifecycle } from './sandbox-pool.lifecycle';

const registered = BullModule.registerQueueAsync(
  ...Object.values(QUEUES).map((name) => ({
    name,
    inject: [Settings],
    useFactory: (settings: Settings) => ({ settings: queueCrashRecovery(settings, name) }),
  })),
);

/**
 * Bull on Redis. The queues are registered once here; each module adds its processor with
 * `workerProviders(...)`. Bull closes queues on shutdown, waiting for active jobs to finish.
 */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [Settings],
      useFactory: (settings: Settings) => ({
        redis: settings.REDIS_URL,
        prefix: settings.QUEUE_PREFIX,
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      }),
    }),
    registered,
  ],
  providers: [SandboxPoolLifecycle],
  exports: [registered],
})
export class QueueModule {}
