import { chatOperations, type ChatOperation } from '../../../src/api/contract/operations';
import { blockedMessageListResponseSchema } from '../../../src/api/schemas/blocked-message';
import { flaggedMessageListResponseSchema } from '../../../src/api/schemas/flagged-message';
import { asDecision } from '../api/decision-record';
import type { ConsoleStore } from '../store/store';
import { rememberBlockedItems } from '../insights/moderation-items';
import { recordQueueSample } from '../insights/queue-samples';
import { queueLease } from './queue-snapshot';

/** One pending item as the live queue keeps it: its message id and when it was sent (seconds). */
export interface LiveItem {
  id: string;
  sentAt: number;
}

/** A list read: the service's answer as read (sent on unchanged) and its pending items. */
export interface ListRead {
  json: unknown;
  pending: readonly LiveItem[];
  /** What the insights keep of a good read (the blocked list's), recorded by the lease holder. */
  record?: (store: ConsoleStore, at: number) => Promise<void>;
}

/**
 * One of the service's review lists as the live queue follows it: which operation reads it, the
 * lease and snapshot its poller uses, how its answer is read, and which audited actions decide an
 * item of it (with the words for each decision).
 */
export interface LiveList {
  name: 'blocked' | 'flagged';
  operation: ChatOperation;
  segments: readonly string[];
  /** The lease of the one replica that polls this list for all of them. */
  lease: string;
  /** This list's row in `live_snapshots`. */
  snapshot: string;
  parse: (json: unknown) => ListRead | undefined;
  /** The audited actions that decide an item of the list (the review, and a deletion). */
  decidedBy: readonly string[];
  /** `Rejected`, `Blocked`: how the list names a decision that keeps the message hidden. */
  hiddenWord: string;
}

const operation = (name: string): ChatOperation => {
  const found = chatOperations.find((op) => op.name === name);
  if (!found) throw new Error(`no ${name} operation in the catalogue`);
  return found;
};

export const blockedLive: LiveList = {
  name: 'blocked',
  operation: operation('blocked.list'),
  segments: ['moderation', 'blocked-messages'],
  lease: queueLease,
  snapshot: 'queue',
  decidedBy: ['blocked.review', 'messages.delete'],
  hiddenWord: 'Rejected',
  parse(json) {
    const parsed = blockedMessageListResponseSchema.safeParse(json);
    if (!parsed.success) return undefined;
    const items = parsed.data.data.filter(
      (item) =>
        (asDecision(item.message.data.moderation?.status) ?? asDecision(item.status)) === undefined,
    );
    return {
      json,
      pending: items.map((item) => ({ id: item.message.id, sentAt: item.message.sentAt })),
      record: async (store, at) => {
        const sentAt = items.map((item) => item.message.sentAt);
        // How many wait and since when, for the insights page (oldestSentAt in seconds, as sentAt).
        await recordQueueSample(store, {
          at,
          size: items.length,
          oldestSentAt: sentAt.length > 0 ? Math.min(...sentAt) : null,
        });
        // Each item's rule and sentAt, so a decision on it is counted under its rule.
        await rememberBlockedItems(store, items, at);
      },
    };
  },
};

export const flaggedLive: LiveList = {
  name: 'flagged',
  operation: operation('flagged.list'),
  segments: ['moderation', 'flagged-messages'],
  lease: 'flagged-poll',
  snapshot: 'flagged',
  decidedBy: ['flagged.review', 'messages.delete'],
  hiddenWord: 'Blocked',
  parse(json) {
    // The service lists the flags waiting for a review: every item is pending.
    const parsed = flaggedMessageListResponseSchema.safeParse(json);
    if (!parsed.success) return undefined;
    return {
      json,
      pending: parsed.data.data.map((item) => ({ id: item.id, sentAt: item.sentAt })),
    };
  },
};
