import { QUEUES, queueCrashRecovery } from './queues';

describe('queueCrashRecovery', () => {
  const settings = { QUEUE_LOCK_DURATION_MS: 10_000, QUEUE_STALLED_INTERVAL_MS: 5_000 };

  it.each(Object.values(QUEUES))(
    'gives %s a lock renewed at half its length and a stalled check within the recovery budget',
    (queue) => {
      const options = queueCrashRecovery(settings, queue);
      expect(options).toMatchObject({ lockDuration: 10_000, lockRenewTime: 5_000, stalledInterval: 5_000 });
      // A killed worker's job runs again within lock + interval: about 15 s, under the 20 s asked for.
      expect(options.lockDuration! + options.stalledInterval!).toBeLessThanOrEqual(20_000);
    },
  );

  it('lets PDF jobs survive one more stall than deliveries, whose interrupted attempt PostgreSQL records', () => {
    expect(queueCrashRecovery(settings, 'detection').maxStalledCount).toBe(2);
    expect(queueCrashRecovery(settings, 'rendering').maxStalledCount).toBe(2);
    expect(queueCrashRecovery(settings, 'delivery').maxStalledCount).toBe(1);
  });
});
