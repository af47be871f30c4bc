import { describe, expect, it } from 'vitest';
import { carriesKey } from './key-leak';

const key = 'CANARY-k3yv4lue0123456789';
const percentAll = (text: string) =>
  [...text].map((ch) => `%${ch.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');

describe('carriesKey', () => {
  it('finds the key as is, in any case, JSON-escaped, percent-encoded and in base64', () => {
    const forms = [
      `x ${key} y`,
      key.toLowerCase(),
      `{"m":"${[...key].map((ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"}`,
      `?k=${percentAll(key)}`,
      `?k=${percentAll(percentAll(key))}`,
      percentAll(key).toLowerCase(),
      ...[0, 1, 2].map((pad) => Buffer.from(`${'x'.repeat(pad)}:${key}!`).toString('base64')),
      Buffer.from(`user:${key}`).toString('base64url'),
      Buffer.from(key.toLowerCase()).toString('base64'),
    ];
    expect(forms.filter((text) => !carriesKey(text, key))).toEqual([]);
  });

  it('passes texts that only share a part of it', () => {
    for (const text of [
      'CANARY-',
      '{"data":{"uid":"k3yv4lue"}}',
      Buffer.from('CANARY').toString('base64'),
    ])
      expect(carriesKey(text, key)).toBe(false);
  });
});
