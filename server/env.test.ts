import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('readEnv', () => {
  it('defaults to the embedded emulator on loopback', () => {
    const env = readEnv({});
    expect(env.upstream).toEqual({ kind: 'emulator' });
    expect(env.consolePort).toBe(8080);
    expect(env.consoleHost).toBe('127.0.0.1');
    expect(env.emulator.port).toBe(8090);
    expect(env.emulator.dataDir).toBe('./data/emulator');
  });

  it('builds the regional base URL from an app id', () => {
    const env = readEnv({ CHAT_APP_ID: 'abc123', CHAT_REGION: 'eu', CHAT_API_KEY: 'k' });
    expect(env.upstream).toEqual({
      kind: 'remote',
      baseUrl: 'https://abc123.api-eu.cometchat.io/v3',
      apiKey: 'k',
    });
  });

  it('reads the key from a secret file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'env-')), 'key');
    writeFileSync(file, 'from-file\n');
    const env = readEnv({ CHAT_BASE_URL: 'http://127.0.0.1:9/v3/', CHAT_API_KEY_FILE: file });
    expect(env.upstream).toEqual({
      kind: 'remote',
      baseUrl: 'http://127.0.0.1:9/v3',
      apiKey: 'from-file',
    });
  });

  it('refuses to boot on bad config with every problem listed', () => {
    expect(() => readEnv({ CONSOLE_PORT: 'eighty', CHAT_REGION: 'mars' })).toThrow(
      /CONSOLE_PORT[\s\S]*CHAT_REGION|CHAT_REGION[\s\S]*CONSOLE_PORT/,
    );
  });

  it('requires a key for a real upstream', () => {
    expect(() => readEnv({ CHAT_APP_ID: 'abc' })).toThrow(/CHAT_API_KEY/);
  });
});

describe('CONSOLE_RECORD_DIR', () => {
  it('is off by default, and created when set', () => {
    expect(readEnv({}).recordDir).toBeUndefined();
    const dir = join(mkdtempSync(join(tmpdir(), 'env-')), 'shapes', 'today');
    expect(readEnv({ CONSOLE_RECORD_DIR: dir }).recordDir).toBe(dir);
    expect(statSync(dir).isDirectory()).toBe(true);
  });

  it('refuses a directory it cannot use, saying why', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'env-')), 'taken');
    writeFileSync(file, '');
    expect(() => readEnv({ CONSOLE_RECORD_DIR: file })).toThrow(
      `Invalid configuration:\n✖ CONSOLE_RECORD_DIR: cannot record answer shapes in ${file}: a file is in the way, not a directory`,
    );
  });
});

describe('secrets in the configuration', () => {
  const problem = (env: NodeJS.ProcessEnv) => {
    try {
      readEnv(env);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    throw new Error('readEnv accepted the configuration');
  };

  it('refuses a CHAT_BASE_URL with a user name or password, without printing the password', () => {
    const message = problem({
      CHAT_BASE_URL: 'https://app:hunter2-secret@app.api-us.cometchat.io/v3',
      CHAT_API_KEY: 'k',
    });
    expect(message).toMatch(/CHAT_BASE_URL[\s\S]*must not carry a user name or password/);
    expect(message).not.toContain('hunter2-secret');
  });

  it('names CHAT_BASE_URL and the fix when it is not a URL at all', () => {
    const message = problem({ CHAT_BASE_URL: 'not a url', CHAT_API_KEY: 'k' });
    expect(message).toMatch(/CHAT_BASE_URL: must be an http\(s\) URL such as https:\/\//);
  });

  it('refuses a CHAT_BASE_URL with a query string', () => {
    expect(
      problem({
        CHAT_BASE_URL: 'https://app.api-us.cometchat.io/v3?apikey=abc',
        CHAT_API_KEY: 'k',
      }),
    ).toMatch(/CHAT_BASE_URL[\s\S]*query string/);
  });

  it.each([
    ['empty', ''],
    ['spaces only', '   '],
  ])('refuses a blank CHAT_API_KEY (%s)', (_, key) => {
    expect(problem({ CHAT_APP_ID: 'abc', CHAT_API_KEY: key })).toMatch(
      /CHAT_API_KEY[\s\S]*is blank/,
    );
  });

  it('refuses a key with a line break, without printing it', () => {
    const message = problem({ CHAT_APP_ID: 'abc', CHAT_API_KEY: 'sk-secret-part\nX-Injected: 1' });
    expect(message).toMatch(/CHAT_API_KEY[\s\S]*line breaks/);
    expect(message).not.toContain('sk-secret-part');
  });

  it('names an empty or missing key file, never its content', () => {
    const dir = mkdtempSync(join(tmpdir(), 'env-'));
    const empty = join(dir, 'empty');
    writeFileSync(empty, '\n  \n');
    expect(problem({ CHAT_APP_ID: 'abc', CHAT_API_KEY_FILE: empty })).toContain(
      `CHAT_API_KEY_FILE: the key in ${empty} is blank`,
    );
    const missing = join(dir, 'missing');
    expect(problem({ CHAT_APP_ID: 'abc', CHAT_API_KEY_FILE: missing })).toContain(
      `CHAT_API_KEY_FILE: cannot read ${missing} (ENOENT)`,
    );
  });
});

describe('live queue settings', () => {
  it('polls every 10 s and claims for 5 minutes unless told otherwise', () => {
    expect(readEnv({})).toMatchObject({ queuePollSeconds: 10, claimMinutes: 5 });
    expect(readEnv({ CONSOLE_QUEUE_POLL_SECONDS: '2', CONSOLE_CLAIM_MINUTES: '15' })).toMatchObject(
      { queuePollSeconds: 2, claimMinutes: 15 },
    );
  });

  it('refuses a poll interval or claim length it cannot use, saying why', () => {
    expect(() => readEnv({ CONSOLE_QUEUE_POLL_SECONDS: '1' })).toThrow(
      /CONSOLE_QUEUE_POLL_SECONDS: must be at least 2 seconds/,
    );
    expect(() => readEnv({ CONSOLE_QUEUE_POLL_SECONDS: '2.5' })).toThrow(
      /CONSOLE_QUEUE_POLL_SECONDS: must be a whole number of seconds/,
    );
    expect(() => readEnv({ CONSOLE_CLAIM_MINUTES: '0' })).toThrow(
      /CONSOLE_CLAIM_MINUTES: must be at least 1 minute/,
    );
  });
});

describe('numbers', () => {
  it.each([
    ['CONSOLE_PORT', 'eighty', 'CONSOLE_PORT: must be a whole number'],
    ['CONSOLE_PORT', '70000', 'CONSOLE_PORT: must be at most 65535'],
    ['EMULATOR_RATE_LIMIT', '0', 'EMULATOR_RATE_LIMIT: must be at least 1 request a minute'],
    ['EMULATOR_DEMO_ARRIVAL_SECONDS', '1.5', 'must be a whole number of seconds'],
    ['CONSOLE_AUDIT_RETENTION_DAYS', '40000', 'must be at most 36500 days'],
  ])('say what %s=%s should be, in its unit', (variable, value, expected) => {
    expect(() => readEnv({ [variable]: value })).toThrow(expected);
  });
});

describe('metrics and readiness settings', () => {
  const token = 'a-scrape-token-of-32-characters!';

  it('serve no metrics unless asked, and want an answer of the service within 60 s', () => {
    expect(readEnv({})).toMatchObject({
      metrics: { port: undefined, host: '127.0.0.1', token: undefined },
      readyUpstreamSeconds: 60,
    });
  });

  it('read a port, an interface, a token or a token file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'env-metrics-'));
    const file = join(dir, 'token');
    writeFileSync(file, `${token}\n`);
    expect(
      readEnv({
        CONSOLE_METRICS_PORT: '9464',
        CONSOLE_METRICS_HOST: '10.0.0.5',
        CONSOLE_METRICS_TOKEN_FILE: file,
        CONSOLE_READY_UPSTREAM_SECONDS: '30',
      }),
    ).toMatchObject({
      metrics: { port: 9464, host: '10.0.0.5', token },
      readyUpstreamSeconds: 30,
    });
    expect(readEnv({ CONSOLE_METRICS_TOKEN: token }).metrics.token).toBe(token);
  });

  it('refuse a short or spaced token, the console port, and a bad readiness window, never printing the token', () => {
    expect(() => readEnv({ CONSOLE_METRICS_TOKEN: 'short-secret' })).toThrow(
      /CONSOLE_METRICS_TOKEN: must be at least 24 characters/,
    );
    let message = '';
    try {
      readEnv({ CONSOLE_METRICS_TOKEN: 'a token with spaces in it, long enough' });
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    expect(message).toMatch(/CONSOLE_METRICS_TOKEN: contains spaces/);
    expect(message).not.toContain('a token with spaces');
    expect(() => readEnv({ CONSOLE_METRICS_PORT: '8080' })).toThrow(
      /CONSOLE_METRICS_PORT: must differ from CONSOLE_PORT/,
    );
    expect(() => readEnv({ CONSOLE_METRICS_TOKEN_FILE: '/nonexistent/token' })).toThrow(
      /CONSOLE_METRICS_TOKEN_FILE: cannot read \/nonexistent\/token \(ENOENT\)/,
    );
    expect(() => readEnv({ CONSOLE_READY_UPSTREAM_SECONDS: '1' })).toThrow(
      /CONSOLE_READY_UPSTREAM_SECONDS: must be at least 5 seconds/,
    );
  });
});

describe('public address and sign-in settings', () => {
  it('use passwords only and the request’s own address unless told otherwise', () => {
    const env = readEnv({});
    expect(env.publicUrl).toBeUndefined();
    expect(env.signIn).toEqual({ sso: undefined, passwordSignIn: true });
  });

  it('read the public address as an origin, and single sign-on with a secret file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'env-')), 'oidc-secret');
    writeFileSync(file, 'from-file\n');
    const env = readEnv({
      CONSOLE_PUBLIC_URL: 'https://console.example.com/',
      CONSOLE_OIDC_ISSUER: 'https://id.example.com',
      CONSOLE_OIDC_CLIENT_ID: 'console',
      CONSOLE_OIDC_CLIENT_SECRET_FILE: file,
      CONSOLE_OIDC_ROLES: 'admin=leads,moderator=t-and-s',
      CONSOLE_OIDC_ROLE_CLAIM: 'roles',
      CONSOLE_PASSWORD_SIGN_IN: 'off',
    });
    expect(env.publicUrl).toBe('https://console.example.com');
    expect(env.signIn.passwordSignIn).toBe(false);
    expect(env.signIn.sso).toMatchObject({
      issuer: 'https://id.example.com',
      clientId: 'console',
      clientSecret: 'from-file',
      roleClaim: 'roles',
    });
  });

  it('refuses a public address with a path, naming the setting', () => {
    expect(() => readEnv({ CONSOLE_PUBLIC_URL: 'https://console.example.com/admin' })).toThrow(
      /CONSOLE_PUBLIC_URL: must be an origin only/,
    );
  });
});

describe('console store', () => {
  it('is SQLite in the data directory unless a PostgreSQL URL is given, directly or in a file', () => {
    expect(readEnv({}).databaseUrl).toBeUndefined();
    const url = 'postgres://console:s3cret@db.internal:5432/console';
    expect(readEnv({ CONSOLE_DATABASE_URL: url }).databaseUrl).toBe(url);
    const dir = mkdtempSync(join(tmpdir(), 'env-database-'));
    const file = join(dir, 'database-url');
    writeFileSync(file, `${url}\n`);
    expect(readEnv({ CONSOLE_DATABASE_URL_FILE: file }).databaseUrl).toBe(url);
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses what is not a PostgreSQL URL without printing it (it carries the password)', () => {
    const bad = 'mysql://console:s3cret@db.internal/console';
    const problem = () => readEnv({ CONSOLE_DATABASE_URL: bad });
    expect(problem).toThrow(/CONSOLE_DATABASE_URL: must be a PostgreSQL URL/);
    expect(problem).not.toThrow(/s3cret/);
  });
});
