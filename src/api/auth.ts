import { z } from 'zod/mini';
import { request } from './http';
import { sessionSchema, type LoginBody } from './schemas/session';

export const getSession = (signal?: AbortSignal) => request('/auth/me', sessionSchema, { signal });

export const signIn = (body: LoginBody) =>
  request('/auth/login', sessionSchema, { method: 'POST', body });

export const signOut = () => request('/auth/logout', z.unknown(), { method: 'POST', body: {} });
