import type { EmulatorStore } from '../store';
import { sql } from '../statements';
import { imageData, rules, type RuleKey } from './demo-blocked';
import { insertHeldBack } from './insert';
import { deactivatedUids } from './people';
import { createPrng, type Prng } from './prng';

/** What arriving users write that a rule holds back: one line per rule, a few of each. */
const arrivalLines: readonly { rule: RuleKey; text?: string }[] = [
  { rule: 'profanity', text: 'this is a damn joke, who approved this crap' },
  { rule: 'profanity', text: 'hell no, not again' },
  { rule: 'toxicity', text: 'you are the dumbest people on this app' },
  { rule: 'toxicity', text: 'nobody wants you here, leave' },
  { rule: 'contact', text: 'text me on +1 212 555 0147, quicker' },
  { rule: 'contact', text: 'my cell is 07700 900456, call after 8' },
  { rule: 'email', text: 'DM me at deals4you@example.com for the discount' },
  { rule: 'email', text: 'send it to priv.inbox@example.org instead' },
  { rule: 'image' },
];

const groups = ['support-hub', 'general', 'hiking-club', 'product-launch', 'night-owls'];

/** The active members of a group who may post in it (a deactivated user sends nothing). */
function membersOf(store: EmulatorStore, guid: string): string[] {
  return sql<{ uid: string }>(
    store.db,
    `SELECT m.uid FROM group_members m JOIN users u ON u.uid = m.uid
     WHERE m.guid = ? AND u.deactivated_at IS NULL ORDER BY m.uid`,
  )
    .all(guid)
    .map((row) => row.uid)
    .filter((uid) => !deactivatedUids.includes(uid));
}

/**
 * One message a user just sent to a demo group that a moderation rule blocked: the message (pending)
 * and its blocked item, in one transaction. Returns the message id, or undefined when no demo group
 * has an active member left.
 */
export function addBlockedArrival(
  store: EmulatorStore,
  prng: Prng,
  nowSeconds: number,
): number | undefined {
  const guid = prng.pick(groups);
  const members = membersOf(store, guid);
  if (members.length === 0) return undefined;
  const line = prng.pick(arrivalLines);
  const rule = rules[line.rule];
  return store.db.transaction(() => {
    return insertHeldBack(
      store.db,
      {
        sender: prng.pick(members),
        receiverType: 'group',
        receiver: guid,
        type: line.rule === 'image' ? 'image' : 'text',
        data: line.rule === 'image' ? imageData(nowSeconds % 10_000) : { text: line.text ?? '' },
        sentAt: nowSeconds,
      },
      rule,
    );
  })();
}

export interface ArrivalOptions {
  /** Milliseconds between two arrivals. */
  everyMs: number;
  now?: () => number;
  seed?: number;
  /** Called with each new message id (logs, tests). */
  onArrival?: (messageId: number) => void;
}

/**
 * For demos: a new blocked message arrives every `everyMs`, so a live queue has something to show.
 * The timer does not keep the process alive; `stop()` ends it.
 */
export function startBlockedArrivals(store: EmulatorStore, options: ArrivalOptions) {
  const prng = createPrng(options.seed ?? Date.now());
  const now = options.now ?? Date.now;
  const timer = setInterval(() => {
    try {
      const id = addBlockedArrival(store, prng, Math.floor(now() / 1000));
      if (id !== undefined) options.onArrival?.(id);
    } catch {
      // A closed or busy store skips this arrival; the next one tries again.
    }
  }, options.everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
