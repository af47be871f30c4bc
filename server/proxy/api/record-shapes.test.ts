import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createShapeRecorder,
  recordingFileName,
  shapeOf,
  type ShapeRecorder,
} from './record-shapes';
import { createEmulatorHarness, type EmulatorHarness } from '../test-support/harness';

let dir: string;
let h: EmulatorHarness;
let recorder: ShapeRecorder;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shapes-'));
  recorder = createShapeRecorder({ dir });
  h = await createEmulatorHarness({ observers: [recorder.observe] });
});
afterEach(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every string in a JSON value, keys excluded. */
function leaves(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const item of value) leaves(item, out);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) leaves(item, out);
  return out;
}

/** Every value position of a recorded shape holds a type name or null, nothing else. */
function onlyTypes(shape: unknown): boolean {
  if (shape === null) return true;
  if (typeof shape === 'string')
    return ['string', 'number', 'boolean', '<not json>', '<empty>'].includes(shape);
  if (Array.isArray(shape)) return shape.every(onlyTypes);
  if (typeof shape === 'object') return Object.values(shape).every(onlyTypes);
  return false;
}

const recordingSchema = z.object({
  operation: z.string(),
  shapes: z.array(z.object({ status: z.number(), count: z.number(), shape: z.unknown() })),
});
const readRecording = (operation: string) =>
  recordingSchema.parse(JSON.parse(readFileSync(join(dir, recordingFileName(operation)), 'utf8')));

describe('recording answer shapes (CONSOLE_RECORD_DIR)', () => {
  it('writes one file per operation with shapes, statuses and counts, and no value of the answers', async () => {
    const answers: unknown[] = [];
    const call = async (path: string) => {
      const res = await h.call('GET', path, { cookie: h.cookies.admin });
      answers.push(await res.clone().json());
      return res;
    };
    expect((await call('/api/users?perPage=5')).status).toBe(200);
    expect((await call('/api/users?perPage=3&page=2')).status).toBe(200);
    expect((await call('/api/users/ethan-brooks')).status).toBe(200);
    expect((await call('/api/users/nobody-here')).status).toBe(404);
    expect((await call('/api/roles/default/permissions')).status).toBe(200);
    expect((await call('/api/messages?limit=5')).status).toBe(200);
    await recorder.flush();

    expect(readdirSync(dir).sort()).toEqual([
      'GET_messages.json',
      'GET_roles_{role}_permissions.json',
      'GET_users.json',
      'GET_users_{uid}.json',
    ]);
    const users = readRecording('GET /users');
    expect(users.operation).toBe('GET /users');
    expect(users.shapes.reduce((sum, s) => sum + s.count, 0)).toBe(2);
    expect(users.shapes[0]).toMatchObject({
      status: 200,
      shape: {
        data: expect.arrayContaining([
          expect.objectContaining({ uid: 'string', name: 'string' }),
        ]) as unknown,
        meta: expect.any(Object) as unknown,
      },
    });
    const oneUser = readRecording('GET /users/{uid}');
    expect(oneUser.shapes.map((s) => [s.status, s.count])).toEqual([
      [200, 1],
      [404, 1],
    ]);
    expect(oneUser.shapes[1]?.shape).toEqual({
      error: { code: 'string', devMessage: 'string', message: 'string', source: 'string' },
    });

    // Numbers and booleans cannot hide in a shape (onlyTypes below); strings are searched for.
    const values = [...leaves(answers)].filter(
      (v) => v.length > 1 && !['string', 'number', 'boolean'].includes(v),
    );
    expect(values).toEqual(expect.arrayContaining(['ethan-brooks']) as unknown);
    for (const file of readdirSync(dir)) {
      const recording = recordingSchema.parse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
      for (const entry of recording.shapes) expect(onlyTypes(entry.shape), file).toBe(true);
      const text = JSON.stringify(recording.shapes.map((entry) => entry.shape));
      const keys = new Set(text.match(/"([^"\\]*)":/g)?.map((k) => k.slice(1, -2)));
      for (const value of values) {
        // A key name may also be some answer's value ("message" is a key and a category).
        if ([...keys].some((key) => key.includes(value))) continue;
        expect(text, `${file} holds ${value}`).not.toContain(value);
      }
    }
  });

  it('merges with what the file already holds, written atomically', async () => {
    const file = join(dir, recordingFileName('GET /users/{uid}'));
    writeFileSync(
      file,
      JSON.stringify({
        operation: 'GET /users/{uid}',
        shapes: [{ status: 404, count: 4, shape: { error: { code: 'string' } } }],
      }),
    );
    await h.call('GET', '/api/users/ethan-brooks', { cookie: h.cookies.admin });
    await h.call('GET', '/api/users/ethan-brooks', { cookie: h.cookies.admin });
    await recorder.flush();
    const recording = readRecording('GET /users/{uid}');
    expect(recording.shapes.map((s) => [s.status, s.count])).toEqual([
      [404, 4],
      [200, 2],
    ]);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('shapeOf', () => {
  it('keeps keys and types, and the distinct shapes of array items', () => {
    expect(shapeOf({ b: [1, 2, 'x', { y: null }, { y: true }], a: 'text' })).toEqual({
      a: 'string',
      b: ['number', 'string', { y: null }, { y: 'boolean' }],
    });
    expect(recordingFileName('GET /roles/{role}/permissions')).toBe(
      'GET_roles_{role}_permissions.json',
    );
    expect(recordingFileName('DELETE /notifications/v1/preferences')).toBe(
      'DELETE_notifications_v1_preferences.json',
    );
  });

  it("masks the keys of free-form JSON, which are the app's own data", () => {
    const user = {
      uid: 'u1',
      metadata: { 'ada@example.com': { vip: true }, phone: '555' },
      settings: [],
    };
    const shape = shapeOf(user);
    expect(shape).toEqual({
      metadata: { '<key>': [{ '<key>': ['boolean'] }, 'string'] },
      settings: [],
      uid: 'string',
    });
    expect(JSON.stringify(shape)).not.toContain('ada@example.com');
  });

  it('records non-JSON bodies without their content', async () => {
    const own = createShapeRecorder({ dir });
    own.observe({
      operation: 'GET /users',
      method: 'GET',
      params: {},
      status: 502,
      body: new Uint8Array(Buffer.from('<html>secret page</html>')),
      operator: 'a',
      at: 0,
      reqId: 'r',
    });
    await own.flush();
    const text = readFileSync(join(dir, 'GET_users.json'), 'utf8');
    expect(text).toContain('"<not json>"');
    expect(text).not.toContain('secret');
  });
});
