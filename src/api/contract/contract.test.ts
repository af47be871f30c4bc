import { describe, expect, it } from 'vitest';
import { realBodies, realErrorBodies } from './real-bodies';
import { responseSchemas } from './responses';
import { errorBodySchema } from '../schemas/error-body';
import {
  allPaths,
  freeJsonPaths,
  openSetPaths,
  valueAt,
  withAt,
  withExtraFields,
  type Json,
} from './variants';

/** How the console reads an answer: parsed, and how many list items it could not show. */
function read(
  operation: string,
  body: unknown,
): { ok: boolean; unsupported: number; data?: unknown } {
  const schema = responseSchemas[operation];
  if (!schema) throw new Error(`no schema for ${operation}`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { ok: false, unsupported: 0 };
  const value = parsed.data as { data?: unknown; unsupported?: unknown[] };
  return { ok: true, unsupported: value.unsupported?.length ?? 0, data: value.data };
}

const fullyRead = { ok: true, unsupported: 0 };
const isList = (body: unknown) => Array.isArray((body as { data?: unknown }).data);

describe('contract: every real answer of the chat service', () => {
  it('covers the operations the console calls (every body maps to one)', () => {
    expect(realBodies.length).toBe(32);
    const covered = new Set(realBodies.map((body) => body.operation));
    for (const operation of [
      'GET /roles/{role}',
      'PUT /roles/{role}/permissions',
      'GET /moderation/blocked-messages',
      'GET /messages',
      'GET /moderation/flagged-messages',
      'PATCH /moderation/flagged-messages/{id}',
      'POST /messages/{id}/flagged',
      'GET /groups/{guid}/members',
      'DELETE /groups/{guid}/members/{uid}',
    ])
      expect(covered).toContain(operation);
  });

  it.each(realBodies.map((body) => [body.name, body] as const))(
    '%s parses, every item read',
    (_name, real) => {
      expect(read(real.operation, real.body)).toMatchObject(fullyRead);
    },
  );

  it.each(realErrorBodies.map((error) => [error.name, error.body] as const))(
    'error %s parses as the error envelope',
    (_name, body) => {
      expect(errorBodySchema.safeParse(body).success).toBe(true);
    },
  );
});

describe('contract: variants of the real answers never fail a page', () => {
  for (const real of realBodies) {
    const body = real.body as Json;

    it(`${real.name}: an optional field may also be null`, () => {
      const optionalPaths = allPaths(body).filter((path) => {
        if (typeof path.at(-1) !== 'string') return false;
        const without = read(real.operation, withAt(body, path, { remove: true }));
        return without.ok && without.unsupported === 0;
      });
      const failures = optionalPaths.filter((path) => {
        const result = read(real.operation, withAt(body, path, null));
        return !result.ok || result.unsupported > 0;
      });
      expect(failures.map((path) => path.join('.'))).toEqual([]);
    });

    // A body without open sets or free-form JSON has nothing for these two to check: no test, rather
    // than one that passes with no assertion.
    const openSets = openSetPaths(body);
    const freeJson = freeJsonPaths(body);

    if (openSets.length > 0)
      it(`${real.name}: unknown values of open sets are read as they come`, () => {
        expect.hasAssertions();
        for (const path of openSets) {
          expect(
            read(real.operation, withAt(body, path, 'zz-new-value')),
            path.join('.'),
          ).toMatchObject(fullyRead);
        }
      });

    if (freeJson.length > 0)
      it(`${real.name}: free-form JSON may be [] or {}`, () => {
        expect.hasAssertions();
        for (const path of freeJson) {
          for (const empty of [[], {}] as Json[])
            expect(read(real.operation, withAt(body, path, empty)), path.join('.')).toMatchObject(
              fullyRead,
            );
        }
      });

    it(`${real.name}: fields the console does not know are read past (and kept on list items)`, () => {
      const result = read(real.operation, withExtraFields(body));
      expect(result).toMatchObject(fullyRead);
      if (Array.isArray(result.data) && result.data.length > 0)
        expect(result.data[0]).toHaveProperty('extraField');
    });
  }

  it.each(realBodies.filter((real) => isList(real.body)).map((real) => [real.name, real] as const))(
    '%s: an item the console cannot read becomes one unsupported row, the rest are shown',
    (_name, real) => {
      const body = real.body as { data: Json[] };
      const odd = { ...body, data: [...body.data, { unexpected: ['shape'] }] };
      const result = read(real.operation, odd);
      expect(result).toMatchObject({ ok: true, unsupported: 1 });
      expect(result.data).toHaveLength(body.data.length);
    },
  );

  it.each(realBodies.filter((real) => isList(real.body)).map((real) => [real.name, real] as const))(
    '%s: the envelope and its meta are checked strictly',
    (_name, real) => {
      const body = real.body as Json;
      expect(read(real.operation, withAt(body, ['meta'], { remove: true })).ok).toBe(false);
      expect(read(real.operation, withAt(body, ['data'], {})).ok).toBe(false);
      const metaKey =
        valueAt(body, ['meta', 'pagination']) === undefined ? 'current' : 'pagination';
      expect(read(real.operation, withAt(body, ['meta', metaKey], 'x')).ok).toBe(false);
    },
  );
});
