import { openSync } from 'node:fs';
import pino, { type DestinationStream, type Logger } from 'pino';

/** Paths pino masks wherever they appear in a log object; the code never logs them on purpose. */
export const redactedPaths = [
  'apikey',
  'apiKey',
  'cookie',
  'authorization',
  'password',
  'token',
  '*.apikey',
  '*.apiKey',
  '*.cookie',
  '*.authorization',
  '*.password',
  '*.token',
  '*["set-cookie"]',
  'headers.apikey',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'req.headers.apikey',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

/** The names the paths look for in any object (`*.apikey`), as a line's own fields. */
const redactedNames = redactedPaths
  .filter((path) => path.startsWith('*'))
  .map((path) => path.replace(/^\*\.?/, ''));

/**
 * A logger for lines whose fields are plain values (no object to look into), redacting the names of
 * `redactedPaths` as the line's own fields only. The paths reaching into objects cost about 5 µs a
 * line (8 against 3 µs), once per request; a line of plain values has nothing they could match.
 */
export const plainLineLogger = (logger: Logger): Logger =>
  logger.child({}, { redact: { paths: redactedNames, censor: '[redacted]' } });

/** The longest a log line waits in memory before it is written. */
export const logFlushMs = 1000;
/** pino's number for the "warn" level. */
const warnLevel = 40;

/**
 * The console server's structured JSON logger, with secrets redacted. On its own destination (the
 * standard output, or `destination`) lines are gathered and written together, 8 KiB or a second at
 * most, instead of one write per request; a warning or an error is written at once, and pino writes
 * what is left when the process exits. `stream` (tests) is written line by line.
 */
export function createLogger(
  opts: { level?: string; stream?: DestinationStream; destination?: string | number } = {},
): Logger {
  const options = {
    level: opts.level ?? 'info',
    redact: { paths: redactedPaths, censor: '[redacted]' },
  };
  if (opts.stream) return pino(options, opts.stream);
  // A file is opened here, not by pino in the background: a process that exits at once still
  // writes its lines.
  const file = opts.destination ?? 1;
  const destination = pino.destination({
    dest: typeof file === 'string' ? openSync(file, 'a') : file,
    minLength: 8 * 1024,
    periodicFlush: logFlushMs,
    sync: false,
  });
  return pino(
    {
      ...options,
      hooks: {
        logMethod(args, method, level) {
          method.apply(this, args);
          if (level < warnLevel) return;
          try {
            destination.flush();
          } catch {
            // Closed as the process exits: pino has written what was gathered.
          }
        },
      },
    },
    destination,
  );
}
