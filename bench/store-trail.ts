import type { Insertable } from 'kysely';
import type { AuditTable } from '../server/proxy/store/schema';
import type { ConsoleStore } from '../server/proxy/store/store';

const dayMs = 24 * 60 * 60 * 1000;
/** The trail ends here; the bench reads ranges ending a few minutes later. */
export const trailNow = Date.parse('2031-06-30T12:00:00Z');

/** A deterministic generator (mulberry32): every run writes the same trail. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type ItemInsert = {
  message_id: string;
  rule_id: string;
  rule_name: string;
  sent_at: number;
  seen_at: number;
};

/**
 * Writes `decisions` applied decisions over the 30 days before `trailNow` (the worst case for the
 * 30-day range: all of them in it), by 20 moderators under 12 rules, with the queue's delete pairs
 * and repeats, waits from seconds to days, 90 % of the messages known to the console, and a user
 * action every 20 decisions (10,000 users). Rows only, as a console before decision 0042 wrote them.
 */
export async function fillTrail(store: ConsoleStore, decisions: number): Promise<void> {
  const rnd = random(42);
  const int = (n: number) => Math.floor(rnd() * n);
  let audit: Insertable<AuditTable>[] = [];
  let items: ItemInsert[] = [];
  const flush = async (all = false) => {
    if (audit.length >= 1000 || (all && audit.length > 0)) {
      await store.db.insertInto('audit').values(audit).execute();
      audit = [];
    }
    if (items.length >= 1000 || (all && items.length > 0)) {
      await store.db.insertInto('moderation_items').values(items).execute();
      items = [];
    }
  };
  const row = (
    at: number,
    operator: string,
    action: string,
    targets: object,
  ): Insertable<AuditTable> => ({
    at,
    request_id: `bench-${audit.length}-${at}`,
    operator,
    role: 'moderator',
    action,
    operation: action,
    targets: JSON.stringify(targets),
    status: 200,
    upstream_status: 200,
    outcome: 'ok',
    duration_ms: 20,
  });
  const start = trailNow - 30 * dayMs;
  for (let i = 0; i < decisions; i++) {
    const at = start + Math.floor((i * 30 * dayMs) / decisions);
    const operator = `mod-${int(20)}`;
    const repeat = i > 0 && rnd() < 0.03;
    const messageId = repeat ? `m${int(i)}` : `m${i}`;
    const pick = rnd();
    if (pick < 0.5)
      audit.push(row(at, operator, 'blocked.review', { messageId, status: 'approved' }));
    else if (pick < 0.8)
      audit.push(row(at, operator, 'blocked.review', { messageId, status: 'rejected' }));
    else {
      audit.push(row(at, operator, 'messages.delete', { id: messageId }));
      if (rnd() < 0.7 && i + 1 < decisions) {
        i += 1;
        audit.push(row(at + 400, operator, 'blocked.review', { messageId, status: 'rejected' }));
      }
    }
    if (!repeat && rnd() < 0.9) {
      const wait = Math.exp(Math.log(5) + rnd() * (Math.log(3 * 86_400) - Math.log(5)));
      const rule = int(12);
      items.push({
        message_id: messageId,
        rule_id: `rule-${rule}`,
        rule_name: `Rule ${rule}`,
        sent_at: Math.round(at / 1000 - wait),
        seen_at: at,
      });
    }
    if (i % 20 === 0) {
      audit.push(row(at + 1, 'admin', 'users.deactivate', { uids: [`u${int(10_000)}`] }));
    }
    await flush();
  }
  await flush(true);
}
