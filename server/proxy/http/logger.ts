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

/** The console server's structured JSON logger, with secrets redacted. */
export function createLogger(opts: { level?: string; stream?: DestinationStream } = {}): Logger {
  const options = {
    level: opts.level ?? 'info',
    redact: { paths: redactedPaths, censor: '[redacted]' },
  };
  return opts.stream ? pino(options, opts.stream) : pino(options);
}
