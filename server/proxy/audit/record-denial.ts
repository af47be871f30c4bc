import { getCookie } from 'hono/cookie';
import { resolveSession } from '../auth/sessions';
import type { AppContext, Runtime } from '../context';
import { clientAddress } from '../http/guards';
import { recordAudit, type AuditRecord } from './audit-log';
import { pathClass } from './denial-coalescer';

/**
 * Whether the refused request came from a signed-in operator: a session resolved already, or a
 * live session cookie on a request refused before sign-in was checked (a cross-site attempt, say).
 */
async function fromOperator(rt: Runtime, c: AppContext): Promise<boolean> {
  if (c.get('session')) return true;
  const token = getCookie(c, rt.cookieName);
  return (
    token !== undefined && (await resolveSession(rt.deps.store, token, rt.now())) !== undefined
  );
}

/**
 * One refusal into the audit trail: its own row when an operator made it, otherwise through the
 * coalescer, so a flood of unauthenticated calls costs a bounded number of writes.
 */
export async function recordDenial(
  rt: Runtime,
  c: AppContext,
  row: AuditRecord,
  code: string,
): Promise<void> {
  if (await fromOperator(rt, c)) {
    await recordAudit(rt.deps.store, row);
    return;
  }
  await rt.denials.record(row, {
    client: clientAddress(c),
    pathClass: pathClass(c.req.path),
    code,
  });
}
