import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema, successResponseSchema } from '../../../src/api/schemas/common';
import {
  reasonListResponseSchema,
  reasonResponseSchema,
} from '../../../src/api/schemas/moderation-reason';
import { createTestEmulator } from '../test-support';

describe('moderation reasons', () => {
  it('lists the seeded reasons newest first, timestamps as strings, with meta.current', async () => {
    const { call } = createTestEmulator({ now: () => 1_763_600_000_000 });
    const response = await call('GET', '/v3/moderation/reasons');
    const raw: unknown = await response.json();
    const parsed = reasonListResponseSchema.parse(raw);
    expect(parsed.data.map((r) => r.id)).toEqual([
      'off-topic',
      'scam',
      'unfiltered-content',
      'spam',
      'sexual',
      'harassment',
    ]);
    expect(
      parsed.data
        .filter((r) => r.default)
        .map((r) => r.id)
        .sort(),
    ).toEqual(['harassment', 'sexual', 'spam']);
    expect(parsed.meta.current).toEqual({ limit: 100, count: 6 });
    const wire = z
      .object({
        data: z.array(z.object({ id: z.string(), createdAt: z.unknown(), updatedAt: z.unknown() })),
      })
      .parse(raw);
    expect(wire.data.find((r) => r.id === 'spam')).toEqual({
      id: 'spam',
      createdAt: '1760443648',
      updatedAt: '1760443648',
    });
    expect(
      wire.data.every((r) => typeof r.createdAt === 'string' && typeof r.updatedAt === 'string'),
    ).toBe(true);
  });

  it('creates, reads, updates (name and description) and deletes a reason', async () => {
    const { json, call, body } = createTestEmulator({ now: () => 1_763_600_000_000 });
    const created = await json(reasonResponseSchema, 'POST', '/v3/moderation/reasons', {
      body: { id: 'Self-Harm', name: 'Self-harm', description: 'Talk of self-harm' },
    });
    // Get, create and update send integers (only the list sends strings).
    expect(await body('GET', '/v3/moderation/reasons/self-harm')).toMatchObject({
      data: { createdAt: 1763600000, updatedAt: 1763600000 },
    });
    expect(created.data).toEqual({
      id: 'self-harm',
      name: 'Self-harm',
      description: 'Talk of self-harm',
      createdAt: 1763600000,
      updatedAt: 1763600000,
      default: false,
    });
    const updated = await json(reasonResponseSchema, 'PUT', '/v3/moderation/reasons/self-harm', {
      body: { name: 'Self-harm risk' },
    });
    expect(updated.data).toMatchObject({
      name: 'Self-harm risk',
      description: 'Talk of self-harm',
    });
    const described = await json(reasonResponseSchema, 'PUT', '/v3/moderation/reasons/self-harm', {
      body: { name: 'Self-harm risk', description: 'Mentions of self-harm' },
    });
    expect(described.data.description).toBe('Mentions of self-harm');
    expect(
      (await json(reasonResponseSchema, 'GET', '/v3/moderation/reasons/self-harm')).data.name,
    ).toBe('Self-harm risk');
    // Without the data wrapper, as documented; the console's schema reads either.
    const deleted = await body('DELETE', '/v3/moderation/reasons/self-harm');
    expect(deleted).toEqual({
      success: true,
      message: 'The reason with id self-harm has been deleted successfully.',
    });
    expect(successResponseSchema.parse(deleted).data.success).toBe(true);
    expect((await call('GET', '/v3/moderation/reasons/self-harm')).status).toBe(404);
  });

  it('refuses duplicates, unknown ids, default deletes and bad bodies with the documented envelopes', async () => {
    const { call } = createTestEmulator();
    const cases: [string, string, unknown, number, string][] = [
      [
        'POST',
        '/v3/moderation/reasons',
        { id: 'spam', name: 'Again' },
        400,
        'ERR_REASON_ALREADY_EXISTS',
      ],
      ['POST', '/v3/moderation/reasons', { id: 'bad id', name: 'x' }, 400, 'ERR_BAD_REQUEST'],
      [
        'POST',
        '/v3/moderation/reasons',
        { id: 'ok', name: 'x', color: 'red' },
        400,
        'ERR_BAD_REQUEST',
      ],
      ['PUT', '/v3/moderation/reasons/nope', { name: 'x' }, 404, 'ERR_REASON_NOT_FOUND'],
      ['PUT', '/v3/moderation/reasons/spam', {}, 400, 'ERR_BAD_REQUEST'],
      ['PUT', '/v3/moderation/reasons/spam', { name: 42 }, 400, 'ERR_BAD_REQUEST'],
      ['GET', '/v3/moderation/reasons/bad%20id', undefined, 400, 'ERR_BAD_REQUEST'],
      ['DELETE', '/v3/moderation/reasons/spam', undefined, 403, 'ERR_REASON_DELETE_DENIED'],
      ['DELETE', '/v3/moderation/reasons/nope', undefined, 404, 'ERR_REASON_NOT_FOUND'],
    ];
    for (const [method, path, body, status, code] of cases) {
      const response = await call(method, path, { body });
      expect(response.status, `${method} ${path}`).toBe(status);
      expect(errorBodySchema.parse(await response.json()).error.code, `${method} ${path}`).toBe(
        code,
      );
    }
  });

  it('reports field details on validation errors', async () => {
    const { call } = createTestEmulator();
    const response = await call('POST', '/v3/moderation/reasons', {
      body: { id: 'x', name: '', extra: 1 },
    });
    const { error } = errorBodySchema.parse(await response.json());
    expect(error.details).toEqual({
      name: ['Name is required'],
      extra: ['The extra field is not allowed.'],
    });
  });

  it('writes nothing when a request fails', async () => {
    const { call, store } = createTestEmulator();
    await call('POST', '/v3/moderation/reasons', { body: { id: 'spam', name: 'Overwritten?' } });
    expect(
      store.db.prepare("SELECT name FROM moderation_reasons WHERE id = 'spam'").pluck().get(),
    ).toBe('Spam / Unwanted Content');
  });
});
