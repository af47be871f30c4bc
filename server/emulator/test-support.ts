import { afterEach } from 'vitest';
import type { z } from 'zod';
import { createEmulatorApp, type EmulatorAppDeps } from './app';
import { openEmptyStore, openSeededStore } from './test-stores';

export const testApiKey = 'emulator-test-key';

export interface CallOptions {
  body?: unknown;
  /** Raw body text, for malformed-JSON tests. */
  rawBody?: string;
  onBehalfOf?: string;
  headers?: Record<string, string>;
  apiKey?: string | null;
}

/**
 * A fresh in-memory store with the demo seed and an emulator app on it, closed after the test.
 * `call` sends one request; `json` also checks the status and parses the body with a schema.
 */
export function createTestEmulator(
  opts: Partial<Omit<EmulatorAppDeps, 'store' | 'apiKey'>> & { seed?: boolean } = {},
) {
  const store = opts.seed === false ? openEmptyStore() : openSeededStore();
  const app = createEmulatorApp({
    store,
    apiKey: testApiKey,
    admin: opts.admin,
    rateLimitPerMinute: opts.rateLimitPerMinute,
    now: opts.now,
    strict: opts.strict,
  });
  afterEach(() => store.close());

  const call = async (
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<Response> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.apiKey !== null) headers.apikey = options.apiKey ?? testApiKey;
    if (options.onBehalfOf) headers.onBehalfOf = options.onBehalfOf;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    return await app.request(path, { method, headers, body });
  };

  /** The 200 answer's body as sent, for assertions on the wire itself. */
  const body = async (
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<unknown> => {
    const response = await call(method, path, options);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${method} ${path} → ${response.status} ${text}`);
    return JSON.parse(text);
  };

  /**
   * The 200 answer read with the console's schema. The console's list schemas set unreadable items
   * aside (`unsupported`) instead of failing; here any such item fails the test, so every item the
   * emulator sends is one the console can read.
   */
  const json = async <T extends z.ZodType>(
    schema: T,
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<z.output<T>> => {
    const raw = await body(method, path, options);
    const parsed = schema.parse(raw);
    const unsupported: unknown =
      typeof parsed === 'object' && parsed !== null && 'unsupported' in parsed
        ? parsed.unsupported
        : undefined;
    if (Array.isArray(unsupported) && unsupported.length > 0) {
      throw new Error(
        `${method} ${path}: items the console cannot read: ${JSON.stringify(unsupported).slice(0, 2000)}`,
      );
    }
    return parsed;
  };

  return { store, app, call, body, json };
}
