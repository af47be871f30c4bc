import { describe, expect, it } from 'vitest';
import type { PermissionCatalogItem } from '@/api/schemas/role';
import {
  afterWrite,
  editsOf,
  isKnown,
  knownFrom,
  sameReport,
  startingValues,
  unknownKeys,
} from './reported-model';

const item = (id: string, defaultValue: PermissionCatalogItem['defaultValue']) => ({
  id,
  type: 'role',
  title: id,
  dataType: 'string',
  availableValues: [],
  defaultValue,
});
const catalog = [
  item('sendMessage', 'allow'),
  item('initiateCall', 'allow'),
  item('listUsers.mode', 'all'),
];
const report = (permissions: Record<string, string>, reportedAt = 1000, reportedBy = 'ana') => ({
  role: 'default',
  permissions,
  reportedAt,
  reportedBy,
});

describe('what the editor knows of a role’s map', () => {
  it('knows nothing before any report, and starts the form from the defaults', () => {
    const known = knownFrom(null, catalog);
    expect(unknownKeys(known, catalog)).toEqual(
      new Set(['sendMessage', 'initiateCall', 'listUsers.mode']),
    );
    expect(startingValues(known, catalog)).toEqual({
      sendMessage: 'allow',
      initiateCall: 'allow',
      'listUsers.mode': 'all',
    });
  });

  it('knows every catalog key once reported: a key the reported map does not set holds its default', () => {
    const known = knownFrom(report({ sendMessage: 'deny', 'legacy.flag': 'on' }), catalog);
    expect(unknownKeys(known, catalog).size).toBe(0);
    expect(known.values).toEqual({
      sendMessage: 'deny',
      initiateCall: 'allow',
      'listUsers.mode': 'all',
      'legacy.flag': 'on',
    });
    expect(isKnown(known, 'legacy.flag')).toBe(true);
  });

  it('sends only what moved, plus unknown keys the operator set even to their default', () => {
    const unknown = knownFrom(null, catalog);
    const start = startingValues(unknown, catalog);
    const current = { ...start, initiateCall: 'deny' };
    expect(editsOf(unknown, start, current, new Set())).toEqual([
      { key: 'initiateCall', before: undefined, after: 'deny', unknownBefore: true },
    ]);
    expect(
      editsOf(unknown, start, current, new Set(['sendMessage'])).map((e) => [e.key, e.after]),
    ).toEqual([
      ['initiateCall', 'deny'],
      ['sendMessage', 'allow'],
    ]);
    const known = knownFrom(report({ sendMessage: 'allow' }), catalog);
    // A known key set back to what the service holds is not a change, whatever the operator touched.
    expect(
      editsOf(
        known,
        startingValues(known, catalog),
        startingValues(known, catalog),
        new Set(['sendMessage']),
      ),
    ).toEqual([]);
  });

  it('tells a newer report from the one the editor holds', () => {
    expect(sameReport(report({ a: 'x' }), report({ a: 'x' }))).toBe(true);
    expect(sameReport(report({ a: 'x' }), report({ a: 'x' }, 1001))).toBe(false);
    expect(sameReport(report({ a: 'x' }), report({ a: 'y' }))).toBe(false);
    expect(sameReport(null, null)).toBe(true);
    expect(sameReport(report({}), null)).toBe(false);
  });

  it('after a write, adopts the report read back only when it holds the answer’s map', () => {
    const before = knownFrom(report({ sendMessage: 'deny' }), catalog);
    const own = report({ sendMessage: 'allow' }, 2000, 'ana');
    expect(afterWrite({ sendMessage: 'allow' }, own, before, catalog, 5000)).toMatchObject({
      marker: own,
      reportedAt: 2000,
      reportedBy: 'ana',
    });
    const someoneElse = report({ sendMessage: 'allow', initiateCall: 'deny' }, 2001, 'ben');
    expect(afterWrite({ sendMessage: 'allow' }, someoneElse, before, catalog, 5000)).toMatchObject({
      marker: before.marker,
      values: { sendMessage: 'allow', initiateCall: 'allow' },
      reportedAt: 5000,
      reportedBy: null,
    });
  });
});
