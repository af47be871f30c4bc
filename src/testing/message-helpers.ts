import type { TestBackend } from '@/testing/test-backend';

/** The seeded support-hub announcement with several hundred reactions (the most-reacted message). */
export function bigMessageId(backend: TestBackend): string {
  const row: unknown = backend.store.db
    .prepare(
      'SELECT message_id FROM reaction_counts GROUP BY message_id ORDER BY sum(count) DESC LIMIT 1',
    )
    .pluck()
    .get();
  return String(row);
}

/** reaction → count, as the service stores them. */
export function storedCounts(backend: TestBackend, messageId: string): Map<string, number> {
  const rows = backend.store.db
    .prepare('SELECT reaction, COUNT(*) AS n FROM reactions WHERE message_id = ? GROUP BY reaction')
    .all(Number(messageId));
  const counts = new Map<string, number>();
  for (const row of rows) {
    if (row && typeof row === 'object' && 'reaction' in row && 'n' in row)
      counts.set(String(row.reaction), Number(row.n));
  }
  return counts;
}

export function storedReactors(
  backend: TestBackend,
  messageId: string,
  reaction: string,
): string[] {
  return backend.store.db
    .prepare('SELECT uid FROM reactions WHERE message_id = ? AND reaction = ? ORDER BY id')
    .pluck()
    .all(Number(messageId), reaction)
    .map(String);
}
