import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@/api/schemas/console';
import { blockedDecisionOf, isPendingBlocked } from '@/api/blocked-messages';
import {
  blockedMessageListResponseSchema,
  type BlockedMessage,
} from '@/api/schemas/blocked-message';
import { auditActionLabel, auditMessageId, auditResultLabel } from './history/audit-entry';
import { parseListState, writeListState } from '@/utils/list-state';
import { operatorActionParams, toAuditParams } from './history/audit-filters';
import { documentedImageItem, documentedToxicityItem } from '../../testing/documented-items';
import { filterErrors } from '@/utils/filter-rules';
import { matchesFilters, queueFilterParams, queueFilterRules } from './queue/filters';
import { compareWithAnswer, readAnswer, showNew } from './queue/queue-answer';
import { initialsOf } from './review/sender-avatar';
import { formatBytes } from './message-content';
import { itemId } from './item-info';
import { nextActive } from './review/use-list-cursor';

const item = (id: string) => ({ message: { id } }) as unknown as BlockedMessage;

describe('queue filters in the URL', () => {
  it('reads valid filters, drops a malformed rule or time, and keeps a sender for its rule to judge', () => {
    const params = new URLSearchParams(
      'sender=Amelia-Hart&rule=email_filter&from=2026-11-01T08:00&to=yesterday&view=history',
    );
    expect(parseListState(queueFilterParams, params)).toEqual({
      sender: 'amelia-hart',
      rule: 'email_filter',
      from: '2026-11-01T08:00',
      to: '',
    });
    const odd = parseListState(queueFilterParams, new URLSearchParams('sender=<script>'));
    expect(odd).toMatchObject({ sender: '<script>' });
    expect(filterErrors(queueFilterRules, odd)).toEqual({
      sender: 'Only letters, digits, "_" and "-"',
    });
    expect(filterErrors(queueFilterRules, parseListState(queueFilterParams, params))).toEqual({});
  });

  it('writes only non-empty filters and keeps other params', () => {
    const next = writeListState(
      queueFilterParams,
      { sender: ' mo ', rule: '', from: '', to: '' },
      new URLSearchParams('view=history&rule=x'),
    );
    expect(next.toString()).toBe('view=history&sender=mo');
  });

  it('narrows loaded items by sender, rule and blocked time, the end of the "until" minute included', () => {
    const blocked = new Date('2026-11-01T08:00').getTime() / 1000 + 30;
    const one = {
      ruleId: 'email_filter',
      createdAt: blocked,
      message: { id: '1', sender: 'amelia-hart', sentAt: blocked - 1 },
    } as unknown as BlockedMessage;
    const none = { sender: '', rule: '', from: '', to: '' };
    expect(matchesFilters(one, none)).toBe(true);
    expect(matchesFilters(one, { ...none, sender: 'amelia-hart', rule: 'email_filter' })).toBe(
      true,
    );
    expect(matchesFilters(one, { ...none, sender: 'noah-fischer' })).toBe(false);
    expect(matchesFilters(one, { ...none, rule: 'toxicity' })).toBe(false);
    expect(matchesFilters(one, { ...none, from: '2026-11-01T08:00', to: '2026-11-01T08:00' })).toBe(
      true,
    );
    expect(matchesFilters(one, { ...none, from: '2026-11-01T08:01' })).toBe(false);
    expect(matchesFilters(one, { ...none, to: '2026-11-01T07:59' })).toBe(false);
  });
});

const listed = (id: string, moderation = 'pending', status?: string) => ({
  ...documentedImageItem,
  ...(status === undefined ? {} : { status }),
  message: {
    ...documentedImageItem.message,
    id,
    data: { ...documentedImageItem.message.data, moderation: { status: moderation } },
  },
});
const answer = (items: unknown[], limit = 50) =>
  readAnswer(
    blockedMessageListResponseSchema.parse({
      data: items,
      meta: { current: { limit, count: items.length } },
    }),
  );

describe('what the service decided', () => {
  it('reads the message moderation status first, then the item status', () => {
    const parse = (raw: unknown) =>
      blockedMessageListResponseSchema.parse({
        data: [raw],
        meta: { current: { limit: 50, count: 1 } },
      }).data[0]!;
    expect(isPendingBlocked(parse(documentedImageItem))).toBe(true);
    expect(isPendingBlocked(parse(documentedToxicityItem))).toBe(true);
    expect(blockedDecisionOf(parse(listed('1', 'approved')))).toBe('approved');
    expect(blockedDecisionOf(parse(listed('1', 'disapproved')))).toBe('rejected');
    expect(blockedDecisionOf(parse(listed('1', 'pending', 'rejected')))).toBe('rejected');
    expect(blockedDecisionOf(parse(listed('1', 'flagged')))).toBeUndefined();
  });
});

describe('a polled answer against what the queue shows', () => {
  it('holds new pending items apart and marks shown ones the answer no longer lists', () => {
    const first = answer([listed('9'), listed('8'), listed('7')]);
    const next = answer([listed('10'), listed('9'), listed('7', 'approved')]);
    const { fresh, gone } = compareWithAnswer(first.pending, next);
    expect(fresh.map((i) => i.message.id)).toEqual(['10']);
    expect([...gone].sort()).toEqual(['7', '8']);
    expect(showNew(first.pending, next, gone).map((i) => i.message.id)).toEqual(['10', '9']);
  });

  it('keeps, unmarked, shown items a full answer only pushed past its limit', () => {
    const first = answer([listed('9'), listed('8'), listed('7')], 3);
    const next = answer([listed('11'), listed('10'), listed('9')], 3);
    const { fresh, gone } = compareWithAnswer(first.pending, next);
    expect(fresh.map((i) => i.message.id)).toEqual(['11', '10']);
    expect(gone.size).toBe(0);
    expect(showNew(first.pending, next, gone).map((i) => i.message.id)).toEqual([
      '11',
      '10',
      '9',
      '8',
      '7',
    ]);
  });

  it('counts what the service answered, unreadable items included', () => {
    const read = answer([listed('9'), { ruleId: 'x' }, listed('8', 'disapproved')], 3);
    expect(read).toMatchObject({ answered: 3, limit: 3, full: true });
    expect(read.pending.map((i) => i.message.id)).toEqual(['9']);
    expect([...read.decidedIds]).toEqual(['8']);
    expect(read.unsupported).toHaveLength(1);
  });
});

describe('the next active item after an action', () => {
  const items = ['5', '4', '3', '2'].map(item);
  it('is the next one not being removed', () => {
    expect(nextActive(items, 1, new Set(['4']), itemId)).toBe('3');
    expect(nextActive(items, 1, new Set(['4', '3']), itemId)).toBe('2');
  });
  it('falls back to the one before at the end, and to nothing when all go', () => {
    expect(nextActive(items, 3, new Set(['2']), itemId)).toBe('3');
    expect(nextActive(items, 0, new Set(['5', '4', '3', '2']), itemId)).toBeUndefined();
  });
});

describe('audit entries in words', () => {
  const entry = (fields: Partial<AuditEntry>) =>
    ({
      action: 'blocked.review',
      targets: { messageId: '12' },
      outcome: 'ok',
      status: 200,
      upstreamStatus: 200,
      detail: null,
      ...fields,
    }) as AuditEntry;
  it('names the message and the decision when the target carries them', () => {
    expect(auditMessageId(entry({}))).toBe('12');
    expect(auditMessageId(entry({ action: 'messages.delete', targets: { id: '9' } }))).toBe('9');
    expect(auditActionLabel(entry({ targets: { messageId: '12', status: 'approved' } }))).toBe(
      'Approved',
    );
    expect(auditActionLabel(entry({}))).toBe('Approved or rejected');
    expect(
      auditActionLabel(entry({ action: 'messages.delete', targets: { id: '9', permanent: true } })),
    ).toBe('Deleted permanently');
  });
  it('gives the result with its status', () => {
    expect(auditResultLabel(entry({}))).toBe('Done (200)');
    expect(
      auditResultLabel(
        entry({ outcome: 'refused', status: 404, upstreamStatus: 404, detail: 'gone' }),
      ),
    ).toBe('Refused by the chat service (404): gone');
    expect(auditResultLabel(entry({ outcome: 'denied', status: 403, upstreamStatus: null }))).toBe(
      'Refused by the console (403)',
    );
    expect(
      auditResultLabel(
        entry({
          outcome: 'unknown',
          status: 504,
          upstreamStatus: null,
          detail: 'upstream timeout',
        }),
      ),
    ).toBe('Unknown, may have been applied (504): upstream timeout');
    expect(
      auditResultLabel(entry({ outcome: 'pending', status: null, upstreamStatus: null })),
    ).toBe('In progress');
  });
  it('keeps its filters in the URL under their own names', () => {
    const filters = parseListState(
      operatorActionParams,
      new URLSearchParams('act=delete&by=Mo&since=2026-11-01&page=3&from=2026-01-01T00:00'),
    );
    expect(filters).toEqual({ act: 'delete', by: 'mo', since: '2026-11-01', until: '', page: 3 });
    expect(
      writeListState(
        operatorActionParams,
        { ...filters, page: 1 },
        new URLSearchParams('view=history'),
      ).toString(),
    ).toBe('view=history&act=delete&by=mo&since=2026-11-01');
    expect(toAuditParams(filters, 25)).toMatchObject({
      operation: 'messages.delete',
      operator: 'mo',
      page: 3,
      perPage: 25,
      from: new Date('2026-11-01T00:00:00').toISOString(),
    });
  });
});

describe('small formatters', () => {
  it('shows initials, never an image', () => {
    expect(initialsOf('Chloé Martin')).toBe('CM');
    expect(initialsOf('olivia')).toBe('O');
    expect(initialsOf('Mary Ann de la Cruz')).toBe('MC');
    expect(initialsOf('  ')).toBe('?');
  });
  it('sizes attachments in readable units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(183_204)).toBe('179 KB');
    expect(formatBytes(1_338_018)).toBe('1.3 MB');
    expect(formatBytes(undefined)).toBeUndefined();
  });
});
