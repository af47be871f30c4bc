import { describe, expect, it } from 'vitest';
import type { PermissionCatalogItem } from '@/api/schemas/role';
import { fieldName, fromFormValues, keyOfField, toFormValues } from './form-values';
import { parseJsonMap } from './json-map';
import { keyOfDetail } from './key-errors';
import {
  controlKind,
  countDifferences,
  diffMaps,
  effectiveMap,
  groupCatalog,
  sameValue,
} from './permission-model';
import { buildFormSchema, tagProblem } from './permission-schema';
import { conflictRows, mergeMaps } from './save-model';

const item = (
  id: string,
  dataType: string,
  availableValues: string[],
  defaultValue: PermissionCatalogItem['defaultValue'],
) => ({
  id,
  type: 'role',
  title: id,
  dataType,
  availableValues,
  defaultValue,
});
const catalog = [
  item('sendMessage', 'string', ['allow', 'deny'], 'allow'),
  item('sendMessage.mode', 'string', ['all', 'friends'], 'all'),
  item('sendMessage.allowedMessageTypes', 'stringArray', ['text', 'image', 'audio'], []),
  item('sendMessage.allowedMimeTypes', 'customStringArray', [], []),
  item('listUsers.allowedRoles', 'rolesStringArray', [], []),
  item('fancyNewThing', 'string', [], 'on'),
];

describe('permission model', () => {
  it('picks a control per data type', () => {
    expect(catalog.map(controlKind)).toEqual([
      'switch',
      'select',
      'checkboxes',
      'tags',
      'roles',
      'text',
    ]);
  });

  it('groups keys by capability and keeps unknown capabilities apart', () => {
    expect(groupCatalog(catalog).map((s) => [s.title, s.items.map((i) => i.id)])).toEqual([
      ['Listing users', ['listUsers.allowedRoles']],
      [
        'Sending messages',
        [
          'sendMessage',
          'sendMessage.mode',
          'sendMessage.allowedMessageTypes',
          'sendMessage.allowedMimeTypes',
        ],
      ],
      ['More capabilities', ['fancyNewThing']],
    ]);
  });

  it('fills defaults for keys the role does not set and keeps keys the catalog does not know', () => {
    const map = effectiveMap({ sendMessage: 'deny', 'custom.key': ['a'] }, catalog);
    expect(map.sendMessage).toBe('deny');
    expect(map['sendMessage.mode']).toBe('all');
    expect(map['custom.key']).toEqual(['a']);
    expect(
      countDifferences(
        { sendMessage: 'deny', 'sendMessage.allowedMessageTypes': null, 'custom.key': 'x' },
        catalog,
      ),
    ).toEqual({ differing: 1, other: 1 });
  });

  it('compares lists as sets and treats null like an empty list', () => {
    expect(sameValue(['text', 'image'], ['image', 'text'])).toBe(true);
    expect(sameValue(null, [])).toBe(true);
    expect(sameValue('allow', ['allow'])).toBe(false);
    expect(
      diffMaps({ a: 'allow', b: ['x'] }, { a: 'deny', b: ['x'], c: 'new' }).map((c) => c.key),
    ).toEqual(['a', 'c']);
  });

  it('encodes dotted keys into field names and back', () => {
    for (const key of ['sendMessage.allowedMimeTypes', 'a_b.c[0]', 'we"ird|key', 'root', '0']) {
      expect(fieldName(key)).toMatch(/^k\w+$/);
      expect(keyOfField(fieldName(key))).toBe(key);
    }
    expect(fromFormValues(toFormValues({ 'x.y': ['1'], z: 'allow' }))).toEqual({
      'x.y': ['1'],
      z: 'allow',
    });
  });

  it('validates values per data type', () => {
    const schema = buildFormSchema(catalog);
    const values = toFormValues(effectiveMap({}, catalog));
    expect(schema.safeParse(values).success).toBe(true);
    const bad = toFormValues(
      effectiveMap(
        {
          sendMessage: 'maybe',
          'sendMessage.allowedMimeTypes': ['image/png', 'png'],
          'sendMessage.allowedMessageTypes': ['sticker'],
        },
        catalog,
      ),
    );
    const issues = schema
      .safeParse(bad)
      .error?.issues.map((i) => [keyOfField(String(i.path[1])), i.message]);
    expect(issues).toEqual([
      ['sendMessage', 'Must be one of: allow, deny.'],
      ['sendMessage.allowedMessageTypes', 'Not allowed: sticker. Choose from: text, image, audio.'],
      [
        'sendMessage.allowedMimeTypes',
        '“png” is not a MIME type: use type/subtype, for example image/png.',
      ],
    ]);
    expect(tagProblem('sendMessage.allowedMimeTypes', 'video/*')).toBeNull();
    expect(tagProblem('sendMessage.allowedCustomTypes', 'location')).toBeNull();
  });

  it('reads the JSON view with parse and per-key type errors', () => {
    const keys = Object.keys(effectiveMap({}, catalog));
    const parseError = (text: string) => {
      const result = parseJsonMap(text, catalog, []);
      return result.ok ? null : result.parseError;
    };
    expect(parseError('{"sendMessage": ')).toMatch(/does not parse/);
    expect(parseError('[1]')).toMatch(/one object/);
    const result = parseJsonMap(
      JSON.stringify({ ...effectiveMap({}, catalog), sendMessage: 5, 'other.key': { a: 1 } }),
      catalog,
      keys,
    );
    expect(result.ok ? [] : result.keyProblems.map((p) => p.key)).toEqual([
      'sendMessage',
      'other.key',
    ]);
    const missing = parseJsonMap('{}', catalog, ['sendMessage']);
    expect(missing.ok ? '' : missing.keyProblems[0]?.message).toMatch(/cannot be removed/);
    const ok = parseJsonMap(
      JSON.stringify({ ...effectiveMap({}, catalog), 'other.key': ['a'] }),
      catalog,
      keys,
    );
    expect(ok).toMatchObject({ ok: true, map: { 'other.key': ['a'] } });
  });

  it('lines up loaded, service and own values of a conflict, and merges keeping own changes', () => {
    const loaded = { a: 'allow', b: 'allow', c: 'all' };
    const server = { a: 'deny', b: 'deny', c: 'all' };
    const mine = { a: 'allow', b: 'deny', c: 'friends' };
    expect(
      conflictRows({ loaded, server, current: mine, mine: new Set(['b', 'c']) }).map((r) => [
        r.key,
        r.status,
      ]),
    ).toEqual([
      ['a', 'theirs'],
      ['b', 'same'],
      ['c', 'yours'],
    ]);
    expect(
      conflictRows({
        loaded,
        server,
        current: { ...loaded, a: 'other' },
        mine: new Set(['a']),
        unknown: new Set(['a']),
      })[0],
    ).toEqual({
      key: 'a',
      loaded: 'allow',
      loadedKnown: false,
      server: 'deny',
      yours: 'other',
      status: 'conflict',
    });
    expect(mergeMaps(server, { ...loaded, a: 'other', c: 'friends' }, new Set(['a', 'c']))).toEqual(
      { a: 'other', b: 'deny', c: 'friends' },
    );
  });

  it('finds the key a service validation detail names', () => {
    const keys = ['sendMessage', 'sendMessage.allowedMimeTypes'];
    expect(keyOfDetail('permissions.sendMessage', keys)).toBe('sendMessage');
    expect(keyOfDetail('permissions.sendMessage.allowedMimeTypes.0', keys)).toBe(
      'sendMessage.allowedMimeTypes',
    );
    expect(keyOfDetail('permissions', keys)).toBeUndefined();
  });
});
