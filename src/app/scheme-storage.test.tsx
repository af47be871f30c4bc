import { afterEach, describe, expect, it } from 'vitest';
import { schemeCookie } from '@/config/scheme-cookie';
import { schemeStorage } from './scheme-storage';

const cookie = () =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${schemeCookie}=`))
    ?.slice(schemeCookie.length + 1);

afterEach(() => {
  document.cookie = `${schemeCookie}=; Path=/; Max-Age=0`;
  window.localStorage.clear();
});

describe('the color-scheme storage', () => {
  it('keeps a picked scheme in localStorage and in a cookie for the console server', () => {
    const mode = schemeStorage({ key: 'mui-mode' });
    mode.set('dark');
    expect(window.localStorage.getItem('mui-mode')).toBe('dark');
    expect(cookie()).toBe('dark');
    expect(mode.get('system')).toBe('dark');
  });

  it('drops the cookie when the operator goes back to following the system', () => {
    const mode = schemeStorage({ key: 'mui-mode' });
    mode.set('light');
    expect(cookie()).toBe('light');
    mode.set('system');
    expect(cookie()).toBeUndefined();
  });

  it('writes the cookie of a pick made before the cookie existed, when it is read', () => {
    window.localStorage.setItem('mui-mode', 'dark');
    expect(schemeStorage({ key: 'mui-mode' }).get('system')).toBe('dark');
    expect(cookie()).toBe('dark');
  });

  it('keeps the other keys (the light and dark scheme names) in localStorage only', () => {
    schemeStorage({ key: 'mui-color-scheme-dark' }).set('dark');
    expect(window.localStorage.getItem('mui-color-scheme-dark')).toBe('dark');
    expect(cookie()).toBeUndefined();
  });
});
