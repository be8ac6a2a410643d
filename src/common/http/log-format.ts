import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';

export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Nest's start-up inventory (every module loaded, every route mapped): a hundred lines that say nothing to a reader. */
const START_UP_INVENTORY = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory']);

interface LogLine {
  context?: string;
  msg?: string;
  level?: number;
  req?: { method?: string; path?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** JSON for machines (a file, a pipe, a log collector); short readable lines for a person at a terminal. */
export function prettyLogsWanted(format: LogFormat, isTerminal = Boolean(process.stdout.isTTY)): boolean {
  return format === 'pretty' || (format === 'auto' && isTerminal);
}

/** One line per event: `12:04:05 INFO  GET /api/v1/ping 200 3 ms` or `12:04:05 INFO  Bootstrap: listening on 3000`. */
function messageOf(log: LogLine): string {
  if (log.req && log.res) {
    return `${log.req.method} ${log.req.path} ${log.res.statusCode} ${log.responseTime ?? '?'} ms`;
  }
  return log.context ? `${log.context}: ${log.msg ?? ''}` : (log.msg ?? '');
}

/**
 * The terminal's log stream: pino-pretty in this process (no worker thread), without the start-up inventory below
 * warn. The same fields as the JSON lines are logged (the serializers, which redact, apply before either), only shown shorter.
 */
export function prettyLogStream(destination: NodeJS.WritableStream = process.stdout): DestinationStream {
  const formatter = pretty({
    destination,
    sync: true,
    colorize: destination === process.stdout && Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,context,req,res,responseTime,reqId',
    messageFormat: (log) => messageOf(log as LogLine),
    singleLine: true,
  });
  return {
    write(line: string): void {
      try {
        const log = JSON.parse(line) as LogLine;
        if (log.context && START_UP_INVENTORY.has(log.context) && (log.level ?? 30) < 40) return;
      } catch {
        // not JSON: show it as it is
      }
      formatter.write(line);
    },
  };
}
