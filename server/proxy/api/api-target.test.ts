import { describe, expect, it } from 'vitest';
import { canonicalPath, parseApiTarget } from './api-target';
import { hostileTargets } from '../test-support/probes';

describe('parseApiTarget', () => {
  it.each(hostileTargets)('refuses %s', (target) => {
    expect(parseApiTarget(target)).toMatchObject({ ok: false, status: 400 });
  });

  it('refuses non-canonical escapes of unreserved characters and invalid UTF-8', () => {
    expect(parseApiTarget('/api/%61pi/users')).toEqual({
      ok: false,
      status: 400,
      reason: 'non-canonical-escape',
    });
    expect(parseApiTarget('/api/user%73')).toEqual({
      ok: false,
      status: 400,
      reason: 'non-canonical-escape',
    });
    expect(parseApiTarget('/api/users/%ff')).toEqual({
      ok: false,
      status: 400,
      reason: 'invalid-utf8',
    });
    expect(parseApiTarget('/api/users/%c0%ae')).toEqual({
      ok: false,
      status: 400,
      reason: 'invalid-utf8',
    });
  });

  it('names the problem it found', () => {
    expect(parseApiTarget('/api/users/../x')).toMatchObject({ reason: 'dot-segment' });
    expect(parseApiTarget('/api/users/%2e%2e/x')).toMatchObject({ reason: 'non-canonical-escape' });
    expect(parseApiTarget('/api/users/..%2fx')).toMatchObject({ reason: 'encoded-separator' });
    expect(parseApiTarget('/api/users/%252e%252e')).toMatchObject({ reason: 'double-encoding' });
    expect(parseApiTarget('/api/users/x%00')).toMatchObject({ reason: 'control-character' });
    expect(parseApiTarget('http://evil.example/api/users')).toMatchObject({
      reason: 'not-origin-form',
    });
    expect(parseApiTarget('/api//users')).toMatchObject({ reason: 'empty-segment' });
    expect(parseApiTarget('/api/users?apikey=x')).toMatchObject({ reason: 'query-credential' });
  });

  it('decodes segments and query values once', () => {
    const parsed = parseApiTarget(
      '/api/messages/42/reactions/%F0%9F%91%8D?searchKey=a+b%2Fc&tags=x',
    );
    expect(parsed).toEqual({
      ok: true,
      segments: ['messages', '42', 'reactions', '👍'],
      query: [
        ['searchKey', 'a b/c'],
        ['tags', 'x'],
      ],
    });
  });

  it('re-encodes every segment exactly once', () => {
    expect(canonicalPath(['messages', '1', 'reactions', ':a b:'])).toBe(
      '/messages/1/reactions/%3Aa%20b%3A',
    );
    expect(canonicalPath(['roles', 'default', 'permissions', 'listUsers.mode'])).toBe(
      '/roles/default/permissions/listUsers.mode',
    );
  });
});
