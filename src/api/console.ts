import { z } from './zod';
import { request } from './http';
import {
  auditListResponseSchema,
  operatorListResponseSchema,
  operatorResponseSchema,
  operatorSessionListResponseSchema,
  revokeSessionsResponseSchema,
  type AuditOutcome,
  type CreateOperatorBody,
} from './schemas/console';
import type { OperatorRole } from './schemas/session';

/** Filters and page of the audit trail; empty values are left out of the query string. */
export interface AuditListParams {
  operator?: string;
  operation?: string;
  target?: string;
  outcome?: AuditOutcome;
  /** ISO date-times. */
  from?: string;
  to?: string;
  page: number;
  perPage: number;
}

export const listAuditEntries = (params: AuditListParams, signal?: AbortSignal) =>
  request('/console/audit', auditListResponseSchema, { query: { ...params }, signal });

/** Where the CSV export of the same filters (all pages) downloads from; a plain link, the cookie goes along. */
export function auditCsvHref(params: Partial<AuditListParams>): string {
  const query = new URLSearchParams();
  for (const key of ['operator', 'operation', 'target', 'outcome', 'from', 'to'] as const) {
    const value = params[key];
    if (value) query.set(key, value);
  }
  const search = query.toString();
  return search ? `/console/audit.csv?${search}` : '/console/audit.csv';
}

export const listOperators = async (signal?: AbortSignal) =>
  (await request('/console/operators', operatorListResponseSchema, { signal })).data;

export const createOperator = async (body: CreateOperatorBody) =>
  (await request('/console/operators', operatorResponseSchema, { method: 'POST', body })).data;

export const updateOperatorRole = async (username: string, role: OperatorRole) =>
  (
    await request(`/console/operators/${encodeURIComponent(username)}`, operatorResponseSchema, {
      method: 'PATCH',
      body: { role },
    })
  ).data;

export const removeOperator = (username: string) =>
  request(`/console/operators/${encodeURIComponent(username)}`, z.unknown(), { method: 'DELETE' });

const sessionsPath = (username: string) =>
  `/console/operators/${encodeURIComponent(username)}/sessions`;

/** An operator's live sessions, most recently seen first. */
export const listOperatorSessions = async (username: string, signal?: AbortSignal) =>
  (await request(sessionsPath(username), operatorSessionListResponseSchema, { signal })).data;

/** Ends one session; that browser is signed out at its next request. */
export const revokeOperatorSession = (username: string, id: string) =>
  request(`${sessionsPath(username)}/${encodeURIComponent(id)}`, revokeSessionsResponseSchema, {
    method: 'DELETE',
  });

/** Ends every session of an operator. */
export const revokeOperatorSessions = (username: string) =>
  request(sessionsPath(username), revokeSessionsResponseSchema, { method: 'DELETE' });
