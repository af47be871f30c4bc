import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
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
    expect(env.upstream).toEqual({ kind: 'remote', baseUrl: 'https://abc123.api-eu.cometchat.io/v3', apiKey: 'k' });
  });

  it('reads the key from a secret file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'env-')), 'key');
    writeFileSync(file, 'from-file\n');
    const env = readEnv({ CHAT_BASE_URL: 'http://127.0.0.1:9/v3/', CHAT_API_KEY_FILE: file });
    expect(env.upstream).toEqual({ kind: 'remote', baseUrl: 'http://127.0.0.1:9/v3', apiKey: 'from-file' });
  });

  it('refuses to boot on bad config with every problem listed', () => {
    expect(() => readEnv({ CONSOLE_PORT: 'eighty', CHAT_REGION: 'mars' })).toThrow(/CONSOLE_PORT[\s\S]*CHAT_REGION|CHAT_REGION[\s\S]*CONSOLE_PORT/);
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
