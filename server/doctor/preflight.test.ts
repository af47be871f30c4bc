import { describe, expect, it } from 'vitest';
import { createTestEmulator, testApiKey } from '../emulator/test-support';
import { fetchHandlerForward, type ForwardFn } from '../proxy/api/forward';
import { preflightChatService } from './preflight';

describe('preflightChatService (npm start with a real service)', () => {
  const emulator = createTestEmulator();
  const calls: string[] = [];
  const forward: ForwardFn = (req) => {
    calls.push(`${req.method} ${new URL(req.url).pathname}${new URL(req.url).search}`);
    return fetchHandlerForward((r) => emulator.app.fetch(r))(req);
  };

  it('passes a working key with one GET /roles and no parameter', async () => {
    calls.length = 0;
    const result = await preflightChatService({
      baseUrl: 'https://chat.invalid/v3',
      apiKey: testApiKey,
      forward,
      network: false,
    });
    expect(result).toEqual({ ok: true, summary: 'API key: Accepted (GET /roles answered 200).' });
    expect(calls).toEqual(['GET /v3/roles']);
  });

  it('refuses a wrong key, saying what is wrong and what to set, without the key', async () => {
    const result = await preflightChatService({
      baseUrl: 'https://chat.invalid/v3',
      apiKey: 'wrong-key-0123456789',
      forward,
      network: false,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toContain('cannot be used, so the console does not start');
    expect(result.message).toContain(
      '✗ API key: The service does not know this API key (HTTP 401, AUTH_ERR_APIKEY_NOT_FOUND).',
    );
    expect(result.message).toContain('CHAT_API_KEY');
    expect(result.message).not.toContain('wrong-key-0123456789');
  });
});
