import { describe, expect, it } from 'vitest';
import { auditQuerySchema } from '@/api/schemas/console';
import { listMessagesQuerySchema } from '@/api/schemas/message-query';
import { listUsersQuerySchema } from '@/api/schemas/user';
import { filterError, filterErrors, hasFilterErrors } from './filter-rules';

const searchKey = listUsersQuerySchema.shape.searchKey;
const sender = listMessagesQuerySchema.shape.sender;

describe('filterError', () => {
  it('takes empty or blank text as no filter, never as an error', () => {
    expect(filterError(searchKey, '')).toBeUndefined();
    expect(filterError(searchKey, '   ')).toBeUndefined();
    expect(filterError(sender, undefined)).toBeUndefined();
  });

  it('says the limit the service applies, and how far over the text is', () => {
    expect(filterError(searchKey, 'a'.repeat(100))).toBeUndefined();
    expect(filterError(searchKey, 'a'.repeat(101))).toBe('At most 100 characters (this has 101)');
    // Spaces around the text are not sent, so they do not count.
    expect(filterError(searchKey, ` ${'a'.repeat(100)} `)).toBeUndefined();
    expect(filterError(auditQuerySchema.shape.target, 't'.repeat(201))).toBe(
      'At most 200 characters (this has 201)',
    );
  });

  it('uses the contract’s own words for a value of the wrong form', () => {
    expect(filterError(sender, 'kofi-mensah')).toBeUndefined();
    expect(filterError(sender, 'Kofi_Mensah')).toBeUndefined();
    for (const bad of ['kofi mensah', '../x', 'a/b', 'é'])
      expect(filterError(sender, bad)).toBe('Only letters, digits, "_" and "-"');
  });
});

describe('filterErrors', () => {
  const rules = { q: searchKey, sender };

  it('lists the fields that cannot be used, by parameter, and only those', () => {
    const errors = filterErrors(rules, { q: 'x'.repeat(150), sender: 'ok-uid', page: 3 });
    expect(errors).toEqual({ q: 'At most 100 characters (this has 150)' });
    expect(hasFilterErrors(errors)).toBe(true);
  });

  it('finds nothing wrong with empty filters or values no rule speaks of', () => {
    const errors = filterErrors(rules, { q: '', sender: '', other: '../x' });
    expect(errors).toEqual({});
    expect(hasFilterErrors(errors)).toBe(false);
  });
});
