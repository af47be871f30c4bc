import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error';
import { auditQueries } from '@/api/queries/audit';
import { operatorQueries } from '@/api/queries/operators';
import { createQueryClient } from './query-client';

const auditPage = {
  data: [],
  unsupported: [],
  meta: { pagination: { total: 0, count: 0, per_page: 25, current_page: 1, total_pages: 1 } },
};

async function settle(
  client: ReturnType<typeof createQueryClient>,
  mutationFn: () => Promise<unknown>,
) {
  await client
    .getMutationCache()
    .build(client, { mutationFn })
    .execute(undefined)
    .catch(() => undefined);
}

describe('the query client', () => {
  it('marks the audit trail stale after a mutation succeeds', async () => {
    const client = createQueryClient();
    const key = auditQueries.list({ page: 1, perPage: 25 }).queryKey;
    client.setQueryData(key, auditPage);
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    await settle(client, () => Promise.resolve('saved'));
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('marks the audit trail stale after a mutation fails, since the server audits refusals too', async () => {
    const client = createQueryClient();
    const key = auditQueries.list({ page: 1, perPage: 6 }).queryKey;
    client.setQueryData(key, auditPage);
    await settle(client, () =>
      Promise.reject(new ApiError({ status: 403, code: 'CONSOLE_FORBIDDEN', message: 'no' })),
    );
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('leaves other queries fresh', async () => {
    const client = createQueryClient();
    const key = operatorQueries.list().queryKey;
    client.setQueryData(key, []);
    await settle(client, () => Promise.resolve('saved'));
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
  });
});
