import type { AuditTargets } from '../schemas/console';
import { z } from '../zod';

/**
 * What the audit trail records as the targets named in a request body (bulk operations, the
 * decision of a review), beside the path parameters. Values only from fields the console sends.
 */
const record = z.record(z.string(), z.unknown());

/** `{ uids: ['a', 'b'] }` from a list of uids under `key`. */
export const uidListAt =
  (key: string) =>
  (body: unknown): AuditTargets | undefined => {
    const list = z.array(z.string()).safeParse(record.safeParse(body).data?.[key]);
    return list.success ? { uids: list.data } : undefined;
  };

/** `{ [key]: 'value' }` from one string or number field. */
export const fieldAt =
  (key: string) =>
  (body: unknown): AuditTargets | undefined => {
    const value = record.safeParse(body).data?.[key];
    return typeof value === 'string' || typeof value === 'number'
      ? { [key]: String(value) }
      : undefined;
  };

/** `{ [key]: true }` when the body sets `key` to `true`. */
export const flagAt =
  (key: string) =>
  (body: unknown): AuditTargets | undefined =>
    record.safeParse(body).data?.[key] === true ? { [key]: true } : undefined;
