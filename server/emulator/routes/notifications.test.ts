import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../src/api/schemas/common';
import { shapeBPreferencesResponseSchema } from '../../../src/api/schemas/notification';
import { createTestEmulator } from '../test-support';

const url = (uid: string) => `/v3/notifications/v1/preferences?uid=${uid}`;

describe('notification preferences', () => {
  it('returns defaults merged with what the user chose', async () => {
    const { json } = createTestEmulator();
    const amelia = await json(shapeBPreferencesResponseSchema, 'GET', url('amelia-hart'));
    expect(amelia.data.groupPreferences.groupMessages).toBe(3);
    expect(amelia.data.mutePreferences.dnd).toBe(2);
    expect(amelia.data.groupPreferences.groupMemberLeft).toBe(1);
    const plain = await json(shapeBPreferencesResponseSchema, 'GET', url('clara-novak'));
    expect(plain.data.mutePreferences.schedule.wednesday).toEqual({
      from: 0,
      to: 2359,
      dnd: false,
    });
  });

  it('applies partial PATCHes cumulatively', async () => {
    const { json } = createTestEmulator();
    await json(shapeBPreferencesResponseSchema, 'PATCH', url('clara-novak'), {
      body: { oneOnOnePreferences: { oneOnOneMessages: 3 } },
    });
    const second = await json(shapeBPreferencesResponseSchema, 'PATCH', url('clara-novak'), {
      body: {
        mutePreferences: { schedule: { friday: { from: 900, to: 1730, dnd: false } } },
        usePrivacyTemplate: false,
      },
    });
    expect(second.data.oneOnOnePreferences.oneOnOneMessages).toBe(3);
    expect(second.data.mutePreferences.schedule.friday).toEqual({
      from: 900,
      to: 1730,
      dnd: false,
    });
    expect(second.data.usePrivacyTemplate).toBe(false);
    expect((await json(shapeBPreferencesResponseSchema, 'GET', url('clara-novak'))).data).toEqual(
      second.data,
    );
  });

  it('DELETE resets to the defaults: schedule 0–2359 without DND every day', async () => {
    const { json } = createTestEmulator();
    const reset = await json(shapeBPreferencesResponseSchema, 'DELETE', url('noah-fischer'));
    for (const day of Object.values(reset.data.mutePreferences.schedule))
      expect(day).toEqual({ from: 0, to: 2359, dnd: false });
    expect(reset.data.oneOnOnePreferences.oneOnOneReactions).toBe(2);
    expect((await json(shapeBPreferencesResponseSchema, 'GET', url('noah-fischer'))).data).toEqual(
      reset.data,
    );
  });

  it('requires an existing, active uid and a valid body', async () => {
    const { call } = createTestEmulator();
    for (const [method, path, status, code] of [
      ['GET', '/v3/notifications/v1/preferences', 400, 'ERR_BAD_REQUEST'],
      ['DELETE', url('nobody'), 404, 'ERR_UID_NOT_FOUND'],
      ['GET', url('ben-walker'), 404, 'ERR_UID_NOT_FOUND'],
      ['GET', url('bad%20uid'), 400, 'ERR_BAD_REQUEST'],
    ] as const) {
      const response = await call(method, path);
      expect(response.status, path).toBe(status);
      expect(errorBodySchema.parse(await response.json()).error.code).toBe(code);
    }
    for (const body of [
      { groupPreferences: { groupMessages: 9 } },
      { mutePreferences: { schedule: { someday: { from: 0, to: 1, dnd: false } } } },
      { nope: 1 },
    ]) {
      expect((await call('PATCH', url('clara-novak'), { body })).status, JSON.stringify(body)).toBe(
        400,
      );
    }
  });
});
