import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

export interface SpawnedApp {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the real service (src/main.ts) in its own process and waits for /health. */
export async function spawnApp(env: Record<string, string>, port: number, compiled = false): Promise<SpawnedApp> {
  // Compiled: the production entry (`npm run build` first); else TypeScript through ts-node.
  const args = compiled
    ? ['dist/src/main.js']
    : ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
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
  return {
    baseUrl,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
