import { Global, type LoggerService, Module } from '@nestjs/common';
import type { Logger as Pino } from 'pino';
import { Settings } from 'src/config/settings';
import { createRootLogger } from './logging';

type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/** Nest's exception handlers call `error(message, stack, context)`: the stack is an error's, not a second message. */
function isStack(level: Level, message: unknown, params: unknown[]): params is [string] {
  return level === 'error' && typeof message === 'string' && params.length === 1 && /\n\s*at /.test(String(params[0]));
}

/**
 * Nest's `LoggerService` over the process's pino logger. Nest's `Logger` appends its context as the last argument;
 * a first argument that is an object is merged into the line (`logger.error({ err }, 'unhandled error')`).
 */
export class AppLogger implements LoggerService {
  constructor(readonly pino: Pino) {}

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    const fields: Record<string, unknown> = {};
    const rest = params.slice(0, -1);
    if (params.length > 0) fields.context = params[params.length - 1];
    if (isStack(level, message, rest)) {
      fields.err = { type: 'Error', message, stack: rest[0] };
      this.pino.error(fields);
    } else if (message instanceof Error) {
      this.pino[level]({ ...fields, err: message }, ...(rest as [string]));
    } else if (typeof message === 'object' && message !== null) {
      this.pino[level]({ ...fields, ...message }, ...(rest as [string]));
    } else {
      this.pino[level](fields, String(message), ...rest);
    }
  }
}

/** The one logger of the process (API and workers), with the access log's pino under it. */
@Global()
@Module({
  providers: [
    {
      provide: AppLogger,
      inject: [Settings],
      useFactory: (settings: Settings) => new AppLogger(createRootLogger(settings)),
    },
  ],
  exports: [AppLogger],
})
export class AppLoggerModule {}
