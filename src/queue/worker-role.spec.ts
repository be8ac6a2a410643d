import { Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Queue } from 'bull';
import { Settings, validateSettings } from 'src/config/settings';
import { consumeInWorkers, hourlyPurge, pdfJobConcurrency } from './worker-role';

/** Records what a processor asks of its queue (the real Bull queue is exercised by the worker e2e specs). */
function recordingQueue(): { queue: Queue; consumed: number[] } {
  const consumed: number[] = [];
  const queue = { name: 'q', process: (concurrency: number) => (consumed.push(concurrency), Promise.resolve()) };
  return { queue: queue as unknown as Queue, consumed };
}

describe('worker role and concurrency from the injected settings', () => {
  it('consumes with the concurrency of the settings it is given, and not at all in an API process', () => {
    const worker = validateSettings({ APP_ROLE: 'worker', WORKER_CONCURRENCY: '5', PDF_SANDBOX_POOL_SIZE: '3' });
    const a = recordingQueue();
    consumeInWorkers(a.queue, worker, pdfJobConcurrency(worker), () => Promise.resolve());
    expect(a.consumed).toEqual([8]);

    const api = validateSettings({ APP_ROLE: 'api' });
    const b = recordingQueue();
    consumeInWorkers(b.queue, api, pdfJobConcurrency(api), () => Promise.resolve());
    expect(b.consumed).toEqual([]);
  });

  it.each([
    ['worker', 1],
    ['api', 0],
  ] as const)('an hourly purge in a %s process runs %i time(s) an hour, until shutdown', async (role, runs) => {
    jest.useFakeTimers();
    let purged = 0;
    class Rows {
      purgeExpired = () => Promise.resolve(++purged);
    }
    @Module({
      providers: [
        Rows,
        { provide: Settings, useValue: validateSettings({ APP_ROLE: role }) },
        hourlyPurge(Rows, (rows) => rows.purgeExpired()),
      ],
    })
    class PurgeModule {}
    const app = (await Test.createTestingModule({ imports: [PurgeModule] }).compile()).createNestApplication();
    await app.init();
    jest.advanceTimersByTime(60 * 60_000);
    expect(purged).toBe(runs);
    await app.close();
    jest.advanceTimersByTime(2 * 60 * 60_000);
    expect(purged).toBe(runs);
    jest.useRealTimers();
  });
});
