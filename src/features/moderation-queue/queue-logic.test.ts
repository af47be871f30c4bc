import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@/api/schemas/console';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import { auditActionLabel, auditMessageId, auditResultLabel } from './audit-entry';
import { readAuditFilters, toAuditParams, writeAuditFilters } from './audit-filters';
import { readFilters, toListParams, writeFilters } from './filters';
import { initialsOf } from './sender-avatar';
import { formatBytes } from './message-content';
import { nextActive } from './use-queue-cursor';

const item = (id: string) => ({ message: { id } }) as unknown as BlockedMessage;

describe('queue filters in the URL', () => {
  it('reads valid filters and drops malformed ones instead of failing', () => {
    const params = new URLSearchParams('sender=Amelia-Hart&rule=email_filter&from=2026-11-01T08:00&to=yesterday&view=history');
    expect(readFilters(params)).toEqual({ sender: 'amelia-hart', rule: 'email_filter', from: '2026-11-01T08:00', to: '' });
    expect(readFilters(new URLSearchParams('sender=<script>'))).toMatchObject({ sender: '' });
  });

  it('writes only non-empty filters and keeps other params', () => {
    const next = writeFilters(new URLSearchParams('view=history&rule=x'), { sender: ' mo ', rule: '', from: '', to: '' });
    expect(next.toString()).toBe('view=history&sender=mo');
  });

  it('turns the time range into seconds, the end of the minute included', () => {
    const params = toListParams({ sender: '', rule: '', from: '2026-11-01T08:00', to: '2026-11-02T08:00' });
    expect(params.fromTimestamp).toBe(new Date('2026-11-01T08:00').getTime() / 1000);
    expect(params.toTimestamp).toBe(new Date('2026-11-02T08:00').getTime() / 1000 + 59);
    expect(toListParams({ sender: '', rule: '', from: '', to: '' })).toEqual({ sender: undefined, ruleId: undefined, fromTimestamp: undefined, toTimestamp: undefined });
  });
});

describe('the next active item after an action', () => {
  const items = ['5', '4', '3', '2'].map(item);
  it('is the next one not being removed', () => {
    expect(nextActive(items, 1, new Set(['4']))).toBe('3');
    expect(nextActive(items, 1, new Set(['4', '3']))).toBe('2');
  });
  it('falls back to the one before at the end, and to nothing when all go', () => {
    expect(nextActive(items, 3, new Set(['2']))).toBe('3');
    expect(nextActive(items, 0, new Set(['5', '4', '3', '2']))).toBeUndefined();
  });
});

describe('audit entries in words', () => {
  const entry = (fields: Partial<AuditEntry>) => ({ action: 'blocked.review', target: 'messageId=12', outcome: 'ok', status: 200, upstreamStatus: 200, detail: null, ...fields }) as AuditEntry;
  it('names the message and the decision when the target carries them', () => {
    expect(auditMessageId(entry({}))).toBe('12');
    expect(auditMessageId(entry({ action: 'messages.delete', target: 'id=9' }))).toBe('9');
    expect(auditActionLabel(entry({ target: 'messageId=12 status=approved' }))).toBe('Approved');
    expect(auditActionLabel(entry({}))).toBe('Approved or rejected');
    expect(auditActionLabel(entry({ action: 'messages.delete', target: 'id=9 permanent=true' }))).toBe('Deleted permanently');
  });
  it('gives the result with its status', () => {
    expect(auditResultLabel(entry({}))).toBe('Done (200)');
    expect(auditResultLabel(entry({ outcome: 'failed', status: 404, upstreamStatus: 404, detail: 'gone' }))).toBe('Failed (404): gone');
    expect(auditResultLabel(entry({ outcome: 'denied', status: 403, upstreamStatus: null }))).toBe('Refused (403)');
  });
  it('keeps its filters in the URL under their own names', () => {
    const filters = readAuditFilters(new URLSearchParams('act=delete&by=Mo&since=2026-11-01&page=3&from=2026-01-01T00:00'));
    expect(filters).toEqual({ action: 'delete', operator: 'mo', from: '2026-11-01', to: '', page: 3 });
    expect(writeAuditFilters(new URLSearchParams('view=history'), { ...filters, page: 1 }).toString()).toBe('view=history&act=delete&by=mo&since=2026-11-01');
    expect(toAuditParams(filters, 25)).toMatchObject({ operation: 'messages.delete', operator: 'mo', page: 3, perPage: 25, from: new Date('2026-11-01T00:00:00').toISOString() });
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
