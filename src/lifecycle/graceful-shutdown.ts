import { Logger, type INestApplicationContext } from '@nestjs/common';
import type { Server, ServerResponse } from 'node:http';
import type { Settings } from 'src/config/settings';
import { LifecycleService } from './lifecycle.service';

const logger = new Logger('Shutdown');

type ShutdownSettings = Pick<Settings, 'SHUTDOWN_DRAIN_MS' | 'SHUTDOWN_TIMEOUT_MS'>;

/** Resolves when every connection of the server has ended (in-flight requests answered), or after `ms`. */
function closeServer(server: Server, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      logger.warn(`requests still open after ${ms} ms: closing their connections`);
      server.closeAllConnections();
      resolve();
    }, ms);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    // Keep-alive connections with no request in flight would otherwise hold close() open.
    server.closeIdleConnections();
  });
}

/**
 * SIGTERM and SIGINT, in the order that loses no request: readiness goes 503 and responses carry
 * `Connection: close` for SHUTDOWN_DRAIN_MS (a load balancer stops routing here while we still serve), then the
 * listener closes and in-flight requests finish, and only then Nest's shutdown hooks close the Bull queues (waiting
 * for active jobs), Redis and PostgreSQL. SHUTDOWN_TIMEOUT_MS bounds the whole after the drain. A second signal
 * exits at once.
 */
export function installGracefulShutdown(
  app: INestApplicationContext,
  settings: ShutdownSettings,
  server?: Server,
): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    const started = Date.now();
    app.get(LifecycleService).beginDrain();
    // Clients on keep-alive connections reconnect (to another replica) after their current request.
    server?.prependListener('request', (_req, res: ServerResponse) => {
      res.shouldKeepAlive = false;
    });
    if (server) {
      logger.log(`${signal}: draining for ${settings.SHUTDOWN_DRAIN_MS} ms (readiness answers 503)`);
      await new Promise((r) => setTimeout(r, settings.SHUTDOWN_DRAIN_MS));
    } else {
      logger.log(`${signal}: stopping (active jobs finish first)`);
    }
    const deadline = setTimeout(() => {
      logger.error(`shutdown did not finish within ${settings.SHUTDOWN_TIMEOUT_MS} ms: exiting`);
      process.exit(1);
    }, settings.SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    if (server) await closeServer(server, settings.SHUTDOWN_TIMEOUT_MS);
    await app.close();
    logger.log(`stopped cleanly in ${Date.now() - started} ms`);
    clearTimeout(deadline);
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      stop(signal).catch((error: unknown) => {
        logger.error(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      });
    });
  }
}
