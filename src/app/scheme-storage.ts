import type { StorageManager } from '@mui/material/styles';
import { schemeCookie } from '@/config/scheme-cookie';

/** Where MUI keeps the mode: `light`, `dark` or `system`. */
const modeKey = 'mui-mode';
const yearSeconds = 365 * 24 * 60 * 60;

function rememberForServer(mode: unknown) {
  const picked = mode === 'light' || mode === 'dark' ? mode : undefined;
  const current = document.cookie.match(new RegExp(`(?:^|; )${schemeCookie}=([^;]*)`))?.[1];
  if (current === picked) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = picked
    ? `${schemeCookie}=${picked}; Path=/; Max-Age=${yearSeconds}; SameSite=Lax${secure}`
    : `${schemeCookie}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/**
 * MUI's color-scheme storage (localStorage, followed across tabs), which also keeps the scheme the
 * operator picked in a cookie: the console server then draws its first paint in that scheme
 * (`<html class="dark">`) rather than the system's. Following the system sends no cookie.
 */
export const schemeStorage: StorageManager = ({ key }) => {
  const read = () => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  return {
    get(defaultValue: unknown) {
      const value: unknown = read() ?? defaultValue;
      if (key === modeKey) rememberForServer(value);
      return value;
    },
    set(value) {
      try {
        window.localStorage.setItem(key, String(value));
      } catch {
        // No storage: the choice holds for this page only.
      }
      if (key === modeKey) rememberForServer(value);
    },
    subscribe(handler) {
      const listener = (event: StorageEvent) => {
        if (event.key === key) handler(event.newValue);
      };
      window.addEventListener('storage', listener);
      return () => window.removeEventListener('storage', listener);
    },
  };
};
