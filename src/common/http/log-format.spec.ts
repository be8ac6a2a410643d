import { PassThrough } from 'node:stream';
import pino from 'pino';
import { prettyLogStream, prettyLogsWanted } from './log-format';

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

describe('log format', () => {
  it('is readable lines at a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(prettyLogsWanted('auto', true)).toBe(true);
    expect(prettyLogsWanted('auto', false)).toBe(false);
    expect(prettyLogsWanted('json', true)).toBe(false);
    expect(prettyLogsWanted('pretty', false)).toBe(true);
  });

  it('writes one short line per event and leaves out Nest’s start-up inventory', () => {
    const out = capture();
    const logger = pino({ level: 'info' }, prettyLogStream(out.stream));
    logger.info({ context: 'RouterExplorer' }, 'Mapped {/api/v1/ping, GET} route');
    logger.info({ context: 'Bootstrap' }, 'listening on 3000 as all');
    logger.info(
      { req: { id: 'r1', method: 'GET', path: '/api/v1/ping' }, res: { statusCode: 200 }, responseTime: 3 },
      'request completed',
    );
    logger.warn({ context: 'InstanceLoader' }, 'a warning is always shown');
    const lines = out.text().trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Bootstrap: listening on 3000 as all$/);
    expect(lines[1]).toMatch(/INFO: GET \/api\/v1\/ping 200 3 ms$/);
    expect(lines[2]).toMatch(/WARN: InstanceLoader: a warning is always shown$/);
    expect(out.text()).not.toContain('{');
  });
});
