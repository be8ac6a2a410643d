import { spawn, type ChildProcess } from 'node:child_process';
import { hostname } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';

const ROOT = join(__dirname, '..', '..');

export interface SpawnedApp {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

function entry(compiled: boolean, nodeArgs: string[]): string[] {
  // Compiled: the production entry (`npm run build` first); else TypeScript through ts-node.
  return compiled
    ? [...nodeArgs, 'dist/src/main.js']
    : [...nodeArgs, '-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'src/main.ts'];
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/**
 * Starts the real service (src/main.ts) in its own process and waits for /health. `nodeArgs` go to node before
 * the entry (e.g. `--cpu-prof`).
 */
export async function spawnApp(
  env: Record<string, string>,
  port: number,
  compiled = false,
  nodeArgs: string[] = [],
): Promise<SpawnedApp> {
  const child = spawn(process.execPath, entry(compiled, nodeArgs), {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, child, stop: stopper(child) };
}

/**
 * Starts an APP_ROLE=worker process (no HTTP listener) and waits for its first heartbeat in Redis
 * (`<QUEUE_PREFIX>:workers`, member host:pid), i.e. until its queue processors are registered.
 */
export async function spawnWorker(
  env: Record<string, string> & { QUEUE_PREFIX: string },
  compiled = false,
  nodeArgs: string[] = [],
): Promise<Omit<SpawnedApp, 'baseUrl'>> {
  const child = spawn(process.execPath, entry(compiled, nodeArgs), {
    cwd: ROOT,
    env: { ...process.env, ...env, APP_ROLE: 'worker' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const redis = new Redis(env.REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0');
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`worker exited with ${child.exitCode}`);
      if ((await redis.zscore(`${env.QUEUE_PREFIX}:workers`, `${hostname()}:${child.pid}`)) !== null) break;
      if (i >= 240) throw new Error('worker sent no heartbeat within 60 s');
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    redis.disconnect();
  }
  return { child, stop: stopper(child) };
}
