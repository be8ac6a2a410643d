import { Logger } from '@nestjs/common';
import { PassThrough } from 'node:stream';
import pino from 'pino';
import { AppLogger } from './app-logger';

function capture() {
  const out = new PassThrough();
  const lines: Record<string, unknown>[] = [];
  out.on('data', (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .forEach((l) => lines.push(JSON.parse(l) as Record<string, unknown>)),
  );
  return { logger: new AppLogger(pino({ level: 'trace' }, out)), lines };
}

describe('AppLogger (Nest LoggerService over pino)', () => {
  afterEach(() => Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose', 'fatal']));

  it('carries Nest context, merges a leading object and keeps a message', async () => {
    const { logger, lines } = capture();
    Logger.overrideLogger(logger);
    new Logger('Bootstrap').log('listening on 3000');
    new Logger('Errors').error({ req: { id: 'r1' }, err: { name: 'TypeError' } }, 'unhandled error');
    new Logger('Queue').warn('Redis is failing');
    await new Promise((r) => setImmediate(r));
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, context: 'Bootstrap', msg: 'listening on 3000' }),
      expect.objectContaining({ level: 50, context: 'Errors', msg: 'unhandled error', req: { id: 'r1' } }),
      expect.objectContaining({ level: 40, context: 'Queue', msg: 'Redis is failing' }),
    ]);
  });

  it("reads Nest's exception handler call (message, stack, context) as an error with its stack", async () => {
    const { logger, lines } = capture();
    logger.error('boom', 'Error: boom\n    at main (a.js:1:1)', 'ExceptionsHandler');
    logger.error(new Error('thrown'), 'Worker');
    await new Promise((r) => setImmediate(r));
    expect(lines[0]).toMatchObject({ level: 50, context: 'ExceptionsHandler', err: { message: 'boom' } });
    expect(String((lines[0].err as { stack: string }).stack)).toContain('at main');
    expect(lines[1]).toMatchObject({ level: 50, context: 'Worker', err: { message: 'thrown' } });
  });
});
