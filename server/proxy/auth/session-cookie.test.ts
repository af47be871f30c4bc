import { parse } from 'hono/utils/cookie';
import { describe, expect, it } from 'vitest';
import { cookieBaseName, sessionTokenOf } from './session-cookie';

const name = cookieBaseName;
const token = 'Zm9vYmFyYmF6cXV4_-0123456789abcdefghijklmnopq';

describe('sessionTokenOf', () => {
  it.each([
    `${name}=${token}`,
    `other=1; ${name}=${token}`,
    `${name}=${token}; other=1`,
    `${name}="${token}"`,
    `${name}=a%20b`,
    `${name}=`,
    `${name}= ${token}`,
    `${name}_old=1`,
    `${name}_old=1; ${name}=${token}`,
    `${name}=${token}; ${name}=second`,
    `${name}=a;b`,
    `${name}=a,b`,
    `${name}`,
    '',
  ])('reads %j as the cookie parser does', (header) => {
    expect(sessionTokenOf(header, name)).toBe(parse(header, name)[name]);
  });

  it('reads the value of a header holding the session cookie alone', () => {
    expect(sessionTokenOf(`${name}=${token}`, name)).toBe(token);
    expect(sessionTokenOf(undefined, name)).toBeUndefined();
  });
});
