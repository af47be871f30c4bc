import type Database from 'better-sqlite3';
import { sql } from '../statements';
import { imageData, rules, type RuleKey } from './demo-blocked';
import { addReaction, day, insertBlocked, insertMessage, type SeedMessage } from './insert';
import { createPrng } from './prng';

/** How many blocked messages the demo moderators decided over the last 30 days. */
export const historyCount = 30;
/** Of these, how many in the last 24 hours (so the home page's figures of the day are not empty). */
const lastDayCount = 6;
/**
 * Quiet conversations of their own (no other demo message), so each stays in id and time order.
 * Group senders are members of the group.
 */
const places: readonly (Pick<SeedMessage, 'sender' | 'receiverType' | 'receiver'> & {
  /** Who else takes part, and may react once the message is delivered. */
  others: readonly string[];
})[] = [
  {
    sender: 'hugo-lefevre',
    receiverType: 'group',
    receiver: 'design-review',
    others: ['yuki-tanaka', 'chloe-martin'],
  },
  {
    sender: 'clara-novak',
    receiverType: 'group',
    receiver: 'design-review',
    others: ['olivia-bennett', 'hugo-lefevre'],
  },
  {
    sender: 'maya-cohen',
    receiverType: 'group',
    receiver: 'vip-lounge',
    others: ['samuel-okafor', 'priya-raman'],
  },
  {
    sender: 'felix-wagner',
    receiverType: 'group',
    receiver: 'vip-lounge',
    others: ['maya-cohen'],
  },
  {
    sender: 'jack-murphy',
    receiverType: 'user',
    receiver: 'lena-schmidt',
    others: ['lena-schmidt'],
  },
  {
    sender: 'mateo-garcia',
    receiverType: 'user',
    receiver: 'aisha-bello',
    others: ['aisha-bello'],
  },
];
const reactions = ['👍', '😂', '🙏'];
const texts: Readonly<Record<Exclude<RuleKey, 'image'>, readonly string[]>> = {
  profanity: ['This is such crap', 'damn it, again?', 'what the hell is this build'],
  toxicity: ['Nobody cares what you think', 'You are useless, all of you'],
  contact: ['Text me on 555-0142', 'call +1 415 555 0199 tonight'],
  email: ['write to deals-now@example.com', 'my mail is kai.w@example.org'],
};
const ruleKeys = Object.keys(rules) as RuleKey[];

export type HistoryOutcome = 'approved' | 'rejected' | 'deleted';

/**
 * The decided part of the demo queue: blocked messages of the last 30 days (a few each day, more
 * in the last one), each approved, rejected, or deleted and rejected as the console's queue does,
 * minutes to hours after it was held. Appended after the rest of the demo data, so no earlier id
 * moves, in time order. Its own random sequence: the rest of the seed does not change with it.
 */
export function seedHistory(db: Database.Database, epoch: number) {
  const prng = createPrng(20261126);
  const items = Array.from({ length: historyCount }, (_, i) => {
    const daysAgo = i < lastDayCount ? 0 : 1 + (((i - lastDayCount) * 7) % 29);
    const start = epoch - (daysAgo + 1) * day;
    const heldAt = start + prng.int(0, day - 4 * 3600);
    const rule = prng.pick(ruleKeys);
    const roll = prng.next();
    const outcome: HistoryOutcome = roll < 0.3 ? 'approved' : roll < 0.75 ? 'rejected' : 'deleted';
    return {
      heldAt,
      decidedAt: Math.min(heldAt + prng.int(120, 3 * 3600), epoch - 600),
      rule,
      outcome,
      place: prng.pick(places),
      text: rule === 'image' ? '' : prng.pick(texts[rule]),
    };
  }).sort((a, b) => a.heldAt - b.heldAt);
  items.forEach((item, i) => {
    const { others, ...address } = item.place;
    const messageId = insertMessage(db, {
      ...address,
      type: item.rule === 'image' ? 'image' : 'text',
      data: item.rule === 'image' ? imageData(2000 + i) : { text: item.text },
      sentAt: item.heldAt,
      muid: `history-${i + 1}`,
      moderation: item.outcome === 'approved' ? 'approved' : 'disapproved',
      ...(item.outcome === 'deleted' ? { deletedAt: item.decidedAt, deletedBy: 'app_system' } : {}),
    });
    const { ruleId, ruleName, condition } = rules[item.rule];
    insertBlocked(db, {
      messageId,
      ruleId,
      ruleName,
      condition,
      status: item.outcome === 'approved' ? 'approved' : 'rejected',
      createdAt: item.heldAt,
      updatedAt: item.decidedAt,
    });
    // A delivered message gets the odd reaction, as the rest of the demo conversations do.
    if (item.outcome === 'approved')
      others.forEach((uid, k) =>
        addReaction(
          db,
          messageId,
          reactions[(i + k) % reactions.length] ?? '👍',
          uid,
          item.decidedAt + 60 * (k + 1),
        ),
      );
  });
}

/** One decided item of the demo history, as the emulator holds it. */
export interface HistoryItem {
  messageId: string;
  ruleId: string;
  ruleName: string;
  /** Unix seconds. */
  sentAt: number;
  decidedAt: number;
  outcome: HistoryOutcome;
}

/** Every blocked item of the store with when it was held and decided (Unix seconds). */
export interface QueueItem {
  messageId: string;
  sentAt: number;
  heldAt: number;
  /** Null while pending. */
  decidedAt: number | null;
}

/** The demo history's decided items as they stand in the store (decided elsewhere since: left out). */
export function readHistory(db: Database.Database): HistoryItem[] {
  return sql<{
    id: number;
    rule_id: string;
    rule_name: string;
    sent_at: number;
    updated_at: number;
    status: string;
    deleted_at: number | null;
  }>(
    db,
    `SELECT m.id, b.rule_id, b.rule_name, m.sent_at, b.updated_at, b.status, m.deleted_at
       FROM blocked_messages b JOIN messages m ON m.id = b.message_id
      WHERE m.muid LIKE 'history-%' AND b.status <> 'pending' ORDER BY b.updated_at, m.id`,
  )
    .all()
    .map((row) => ({
      messageId: String(row.id),
      ruleId: row.rule_id,
      ruleName: row.rule_name,
      sentAt: row.sent_at,
      decidedAt: row.updated_at,
      outcome:
        row.status === 'approved' ? 'approved' : row.deleted_at !== null ? 'deleted' : 'rejected',
    }));
}

/** Every blocked item of the store, pending or decided, to retrace the queue over time. */
export function readQueueItems(db: Database.Database): QueueItem[] {
  return sql<{
    id: number;
    sent_at: number;
    created_at: number;
    updated_at: number;
    status: string;
  }>(
    db,
    `SELECT m.id, m.sent_at, b.created_at, b.updated_at, b.status
       FROM blocked_messages b JOIN messages m ON m.id = b.message_id ORDER BY m.id`,
  )
    .all()
    .map((row) => ({
      messageId: String(row.id),
      sentAt: row.sent_at,
      heldAt: row.created_at,
      decidedAt: row.status === 'pending' ? null : row.updated_at,
    }));
}
