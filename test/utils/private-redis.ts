import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { waitFor } from './wait-for';

/** A free TCP port on 127.0.0.1 (the kernel picks it; it is released before the caller binds it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A redis-server of the test's own, on a free port, keeping nothing on disk. Tests stop, freeze (SIGSTOP: the socket
 * stays open but nothing answers) and restart it without touching the machine's Redis.
 */
export class PrivateRedis {
  private process?: ChildProcess;
  private readonly dir = mkdtempSync(join(tmpdir(), 'private-redis-'));

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.up();
    return redis;
  }

  /** redis://127.0.0.1:<port>/<db> */
  url(db = 0): string {
    return `redis://127.0.0.1:${this.port}/${db}`;
  }

  /** Starts the server (again, on the same port, empty: as after a crash). */
  async up(): Promise<void> {
    if (this.process) return;
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir],
      { stdio: 'ignore' },
    );
    this.process = child;
    child.once('exit', () => {
      if (this.process === child) this.process = undefined;
    });
    const probe = new Redis(this.url(), { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await waitFor(
        async () => {
          try {
            if (probe.status !== 'ready') await probe.connect();
            return (await probe.ping()) === 'PONG' ? true : undefined;
          } catch {
            probe.disconnect();
            return undefined;
          }
        },
        10_000,
        50,
      );
    } finally {
      probe.disconnect();
    }
  }

  /** Kills the server (nothing kept) and waits until it has exited. */
  async down(): Promise<void> {
    const child = this.process;
    if (!child) return;
    this.process = undefined;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGCONT'); // a frozen server must run to handle SIGKILL's aftermath cleanly
    child.kill('SIGKILL');
    await exited;
  }

  /** Freezes the server: connections stay open and nothing answers, as a wedged or swapped-out Redis. */
  freeze(): void {
    this.process?.kill('SIGSTOP');
  }

  thaw(): void {
    this.process?.kill('SIGCONT');
  }

  async stop(): Promise<void> {
    await this.down();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
