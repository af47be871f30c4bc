import realResponses from '@/api/contract/real-responses.json' with { type: 'json' };

/**
 * Blocked-list items exactly as the service documents them (the "image rule" and "toxicity rule"
 * examples of the real answers), for tests that need the real shape rather than the emulator's.
 */
interface DocumentedItem extends Record<string, unknown> {
  message: Record<string, unknown> & { id: string; data: Record<string, unknown> };
}

function firstItem(operation: string): DocumentedItem {
  const body = realResponses.responses.find((entry) => entry.operation === operation)?.body as
    { data?: DocumentedItem[] } | undefined;
  const item = body?.data?.[0];
  if (!item) throw new Error(`No documented item for ${operation}`);
  return structuredClone(item);
}

export const documentedImageItem = firstItem('GET /moderation/blocked-messages (image rule)');
export const documentedToxicityItem = firstItem(
  'GET /moderation/blocked-messages (toxicity rule: condition.message is a string)',
);
