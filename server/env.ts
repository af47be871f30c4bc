import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { z } from 'zod';
import { readSignInSettings, type SignInSettings } from './proxy/auth/sso-settings';
import { invalidConfiguration, readSecretFile, wholeNumber } from './env-rules';

const port = wholeNumber({ min: 0, max: 65535 });
const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** An API key as the service issues it: printable, no spaces; a blank one is a mistake, not "no key". */
const apiKeyRule = z
  .string()
  .refine((key) => key.trim() !== '', { error: 'is blank' })
  .refine((key) => /^[\x21-\x7e]+$/.test(key), {
    error: 'contains spaces, line breaks or other characters an API key never has',
  });

/** A scrape token: long enough not to be guessed, printable, no spaces (it goes in a header). */
const metricsToken = z
  .string()
  .refine((token) => /^[\x21-\x7e]+$/.test(token), {
    error: 'contains spaces, line breaks or other characters a header cannot carry',
  })
  .refine((token) => token.length >= 24, { error: 'must be at least 24 characters' });

/**
 * The URL, or undefined when the text is none: refinements run even after the URL check failed,
 * and `new URL` would then throw "Invalid URL" without naming the setting.
 */
function urlOrUndefined(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

const envSchema = z.object({
  CONSOLE_PORT: port.default(8080),
  CONSOLE_HOST: z.string().min(1).default('127.0.0.1'),
  CONSOLE_DATA_DIR: z.string().min(1).default('./data'),
  CONSOLE_DATABASE_URL: z.string().min(1).optional(),
  CONSOLE_DATABASE_URL_FILE: z.string().min(1).optional(),
  CONSOLE_ALLOWED_HOSTS: z.string().optional(),
  CONSOLE_TRUSTED_PROXIES: z.string().optional(),
  CONSOLE_RECORD_DIR: z.string().min(1).optional(),
  CONSOLE_PUBLIC_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be the http(s) address browsers use, such as https://console.example.com',
    })
    .refine(
      (url) => {
        const u = urlOrUndefined(url);
        return !u || (u.pathname === '/' && !u.search && !u.hash && !u.username && !u.password);
      },
      {
        error: 'must be an origin only: no path, query, fragment or credentials',
      },
    )
    .transform((url) => urlOrUndefined(url)?.origin ?? url)
    .optional(),
  CONSOLE_AUDIT_RETENTION_DAYS: wholeNumber({ min: 1, max: 36_500, unit: 'days' }).default(400),
  CONSOLE_QUEUE_POLL_SECONDS: wholeNumber({
    min: 2,
    max: 300,
    unit: 'seconds',
    minReason: 'every poll is a call to the chat service',
  }).default(10),
  CONSOLE_CLAIM_MINUTES: wholeNumber({ min: 1, max: 60, unit: 'minutes' }).default(5),
  CONSOLE_METRICS_PORT: port.optional(),
  CONSOLE_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  CONSOLE_METRICS_TOKEN: metricsToken.optional(),
  CONSOLE_METRICS_TOKEN_FILE: z.string().min(1).optional(),
  CONSOLE_READY_UPSTREAM_SECONDS: wholeNumber({ min: 5, max: 3600, unit: 'seconds' }).default(60),
  EMULATOR_PORT: port.default(8090),
  EMULATOR_DATA_DIR: z.string().min(1).optional(),
  EMULATOR_API_KEY: z.string().min(1).optional(),
  EMULATOR_ADMIN: flag.default(false),
  EMULATOR_RATE_LIMIT: wholeNumber({
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
    unit: 'requests a minute',
  }).optional(),
  EMULATOR_DEMO_ARRIVAL_SECONDS: wholeNumber({ min: 0, max: 86_400, unit: 'seconds' }).default(45),
  EMULATOR_DEMO_HISTORY: flag.default(true),
  CHAT_BASE_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http(s) URL such as https://APP_ID.api-us.cometchat.io/v3',
    })
    // The address is printed at start and logged: a password in it would be printed too.
    .refine((url) => !urlOrUndefined(url)?.username && !urlOrUndefined(url)?.password, {
      error:
        'must not carry a user name or password; the API key goes in CHAT_API_KEY or CHAT_API_KEY_FILE',
    })
    .refine((url) => !urlOrUndefined(url)?.search && !urlOrUndefined(url)?.hash, {
      error: 'must not carry a query string or fragment',
    })
    .optional(),
  CHAT_APP_ID: z
    .string()
    .regex(/^[a-zA-Z0-9]+$/, { error: 'letters and digits only' })
    .optional(),
  CHAT_REGION: z.enum(['us', 'eu', 'in']).default('us'),
  CHAT_API_KEY: apiKeyRule.optional(),
  CHAT_API_KEY_FILE: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Upstream = { kind: 'emulator' } | { kind: 'remote'; baseUrl: string; apiKey: string };

export interface ServerEnv {
  consolePort: number;
  consoleHost: string;
  consoleDataDir: string;
  /** PostgreSQL for the console store (replicas share it); SQLite in the data directory when undefined. */
  databaseUrl: string | undefined;
  allowedHosts: string[] | undefined;
  /** Reverse proxies whose X-Forwarded-For is believed (sign-in throttling per real client). */
  trustedProxies: string[];
  emulator: {
    port: number;
    dataDir: string;
    apiKey: string | undefined;
    admin: boolean;
    rateLimitPerMinute: number | undefined;
    /** A new blocked message arrives every this many seconds (demo data); 0 is off. */
    arrivalSeconds: number;
    /** When the demo data is seeded, the console's audit trail gets the demo moderators' history. */
    demoHistory: boolean;
  };
  upstream: Upstream;
  /** Where the console server records the shapes of upstream answers; off when undefined. */
  recordDir: string | undefined;
  /** Audit rows older than this are archived to CSV and pruned, daily and at start. */
  auditRetentionDays: number;
  /** The live queue reads the service's blocked list this often while a moderator watches. */
  queuePollSeconds: number;
  /** A moderator's claim on a queue item lasts this long unless renewed. */
  claimMinutes: number;
  /** The console's address as browsers reach it (behind a reverse proxy); see CONSOLE_PUBLIC_URL. */
  publicUrl: string | undefined;
  /** Password sign-in and single sign-on (CONSOLE_PASSWORD_SIGN_IN, CONSOLE_OIDC_*). */
  signIn: SignInSettings;
  /** Prometheus metrics: a listener of their own (`port`) and/or `/metrics` with a token; off when neither. */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  /** `/readyz` wants an answer of the chat service within this many seconds. */
  readyUpstreamSeconds: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
}

/** Creates the directory if needed; the reason it cannot take files, or undefined when it can. */
function unwritableDir(dir: string): string | undefined {
  try {
    mkdirSync(dir, { recursive: true });
    if (!statSync(dir).isDirectory()) return 'not a directory';
    accessSync(dir, constants.W_OK);
    return undefined;
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : undefined;
    if (code === 'EEXIST' || code === 'ENOTDIR') return 'a file is in the way, not a directory';
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return `not writable (${code})`;
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * A PostgreSQL connection URL. Its problems are said without echoing it: it usually carries the
 * database password.
 */
const databaseUrlProblem =
  'must be a PostgreSQL URL such as postgres://console:PASSWORD@db.internal:5432/console';
const databaseUrl = z.string().refine(
  (text) => {
    try {
      const url = new URL(text);
      return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.host !== '';
    } catch {
      return false;
    }
  },
  { error: databaseUrlProblem },
);

type SecretFileVariable =
  'CHAT_API_KEY_FILE' | 'CONSOLE_DATABASE_URL_FILE' | 'CONSOLE_METRICS_TOKEN_FILE';

/** The secret in the file a `*_FILE` variable names, or undefined when it names none. */
function secretFromFile(
  variable: SecretFileVariable,
  env: z.infer<typeof envSchema>,
  what: string,
  schema: z.ZodType<string>,
): string | undefined {
  const file = env[variable];
  return file === undefined ? undefined : readSecretFile(variable, file, { what, schema });
}

/** Reads and checks the environment; throws one readable list of every problem. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw invalidConfiguration(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const apiKey =
    env.CHAT_API_KEY ?? secretFromFile('CHAT_API_KEY_FILE', env, 'the key', apiKeyRule);
  let upstream: Upstream = { kind: 'emulator' };
  if (env.CHAT_BASE_URL || env.CHAT_APP_ID) {
    if (!apiKey)
      throw invalidConfiguration([
        'CHAT_API_KEY (or CHAT_API_KEY_FILE) is required with CHAT_BASE_URL or CHAT_APP_ID',
      ]);
    const baseUrl =
      env.CHAT_BASE_URL ?? `https://${env.CHAT_APP_ID}.api-${env.CHAT_REGION}.cometchat.io/v3`;
    upstream = { kind: 'remote', baseUrl: baseUrl.replace(/\/+$/, ''), apiKey };
  }
  const recordProblem = env.CONSOLE_RECORD_DIR ? unwritableDir(env.CONSOLE_RECORD_DIR) : undefined;
  if (recordProblem) {
    throw invalidConfiguration([
      `CONSOLE_RECORD_DIR: cannot record answer shapes in ${env.CONSOLE_RECORD_DIR}: ${recordProblem}`,
    ]);
  }
  if (env.CONSOLE_METRICS_PORT !== undefined && env.CONSOLE_METRICS_PORT === env.CONSOLE_PORT) {
    throw invalidConfiguration([
      'CONSOLE_METRICS_PORT: must differ from CONSOLE_PORT (use CONSOLE_METRICS_TOKEN for /metrics on the console port)',
    ]);
  }
  const dataDir = env.CONSOLE_DATA_DIR;
  if (
    env.CONSOLE_DATABASE_URL !== undefined &&
    !databaseUrl.safeParse(env.CONSOLE_DATABASE_URL).success
  ) {
    throw invalidConfiguration([`CONSOLE_DATABASE_URL: ${databaseUrlProblem}`]);
  }
  return {
    consolePort: env.CONSOLE_PORT,
    consoleHost: env.CONSOLE_HOST,
    consoleDataDir: dataDir,
    databaseUrl:
      env.CONSOLE_DATABASE_URL ??
      secretFromFile('CONSOLE_DATABASE_URL_FILE', env, 'the URL', databaseUrl),
    allowedHosts: env.CONSOLE_ALLOWED_HOSTS?.split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    trustedProxies: (env.CONSOLE_TRUSTED_PROXIES ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    emulator: {
      port: env.EMULATOR_PORT,
      dataDir: env.EMULATOR_DATA_DIR ?? `${dataDir.replace(/\/+$/, '')}/emulator`,
      apiKey: env.EMULATOR_API_KEY,
      admin: env.EMULATOR_ADMIN,
      rateLimitPerMinute: env.EMULATOR_RATE_LIMIT,
      arrivalSeconds: env.EMULATOR_DEMO_ARRIVAL_SECONDS,
      demoHistory: env.EMULATOR_DEMO_HISTORY,
    },
    upstream,
    recordDir: env.CONSOLE_RECORD_DIR,
    auditRetentionDays: env.CONSOLE_AUDIT_RETENTION_DAYS,
    queuePollSeconds: env.CONSOLE_QUEUE_POLL_SECONDS,
    claimMinutes: env.CONSOLE_CLAIM_MINUTES,
    publicUrl: env.CONSOLE_PUBLIC_URL,
    signIn: readSignInSettings(source),
    metrics: {
      port: env.CONSOLE_METRICS_PORT,
      host: env.CONSOLE_METRICS_HOST,
      token:
        env.CONSOLE_METRICS_TOKEN ??
        secretFromFile('CONSOLE_METRICS_TOKEN_FILE', env, 'the token', metricsToken),
    },
    readyUpstreamSeconds: env.CONSOLE_READY_UPSTREAM_SECONDS,
    logLevel: env.LOG_LEVEL,
  };
}
