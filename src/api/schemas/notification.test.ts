import { describe, expect, it } from 'vitest';
import {
  notificationPreferencesQuerySchema,
  notificationPreferencesResponseSchema,
  updateNotificationPreferencesBodySchema,
} from './notification';

const day = { from: 0, to: 2359, dnd: false };
const shapeB = {
  groupPreferences: {
    groupMessages: 2,
    groupReplies: 2,
    groupQuotedReplies: 2,
    groupReactions: 2,
    groupMemberLeft: 1,
    groupMemberAdded: 1,
    groupMemberJoined: 1,
    groupMemberKicked: 1,
    groupMemberBanned: 1,
    groupMemberUnbanned: 1,
    groupMemberScopeChanged: 1,
  },
  oneOnOnePreferences: {
    oneOnOneMessages: 2,
    oneOnOneReplies: 2,
    oneOnOneQuotedReplies: 2,
    oneOnOneReactions: 2,
  },
  mutePreferences: {
    dnd: 1,
    schedule: {
      sunday: day,
      monday: day,
      tuesday: day,
      wednesday: day,
      thursday: day,
      friday: day,
      saturday: day,
    },
  },
  usePrivacyTemplate: true,
};

describe('notification preference schemas', () => {
  it('parses the reset example (shape B), with or without the quoted-reply keys', () => {
    expect(
      notificationPreferencesResponseSchema.parse({ data: shapeB }).data.mutePreferences.schedule
        .friday,
    ).toEqual(day);
    const { groupQuotedReplies: _g, ...olderGroup } = shapeB.groupPreferences;
    expect(
      notificationPreferencesResponseSchema.safeParse({
        data: { ...shapeB, groupPreferences: olderGroup },
      }).success,
    ).toBe(true);
  });

  it('rejects a record missing a weekday', () => {
    const { sunday: _s, ...sixDays } = shapeB.mutePreferences.schedule;
    expect(
      notificationPreferencesResponseSchema.safeParse({
        data: { ...shapeB, mutePreferences: { dnd: 1, schedule: sixDays } },
      }).success,
    ).toBe(false);
  });

  it('accepts partial updates with allowed values only', () => {
    expect(
      updateNotificationPreferencesBodySchema.parse({ groupPreferences: { groupMessages: 3 } }),
    ).toEqual({ groupPreferences: { groupMessages: 3 } });
    expect(updateNotificationPreferencesBodySchema.parse(shapeB)).toEqual(shapeB);
    const bad = [
      { groupPreferences: { groupMemberLeft: 3 } },
      { groupPreferences: { groupMessages: 0 } },
      { oneOnOnePreferences: { nope: 1 } },
      { mutePreferences: { schedule: { monday: { from: 960, to: 1000, dnd: false } } } },
      { mutePreferences: { schedule: { monday: { from: 1800, to: 900, dnd: false } } } },
      { mutePreferences: { dnd: 3 } },
      { usePrivacyTemplate: 3 },
      { extra: true },
    ];
    for (const body of bad)
      expect(
        updateNotificationPreferencesBodySchema.safeParse(body).success,
        JSON.stringify(body),
      ).toBe(false);
  });

  it('requires the uid query parameter and lower-cases it', () => {
    expect(notificationPreferencesQuerySchema.parse({ uid: 'Alice' })).toEqual({ uid: 'alice' });
    expect(notificationPreferencesQuerySchema.safeParse({}).success).toBe(false);
  });
});

describe('settings-shaped preferences (the real service’s get and update)', () => {
  const day = { from: 0, to: 2359, dnd: false };
  const schedule = {
    sunday: day,
    monday: day,
    tuesday: day,
    wednesday: day,
    thursday: day,
    friday: { from: 900, to: 1730, dnd: false },
    saturday: day,
  };
  const shapeA = {
    preferences: {
      group: {
        messagesSetting: 3,
        messagesOverride: true,
        repliesSetting: 2,
        quotedRepliesSetting: 2,
        reactionsSetting: 2,
        memberLeftSetting: 1,
        memberAddedSetting: 2,
        memberJoinedSetting: 1,
        memberKickedSetting: 1,
        memberBannedSetting: 1,
        memberUnbannedSetting: 1,
        memberScopeChangedSetting: 1,
      },
      oneOnOne: {
        messagesSetting: 2,
        repliesSetting: 2,
        quotedRepliesSetting: 2,
        reactionsSetting: 3,
        reactionsOverride: true,
      },
      mute: {
        dndPreferenceSetting: 2,
        dndPreferenceOverride: true,
        schedulePreferenceSetting: schedule,
        schedulePreferenceOverride: true,
      },
    },
    sound: { chat: 'default', call: 'default' },
    templates: { usePrivacyTemplate: 3 },
  };

  it('reads shape A into the same model as shape B', () => {
    const { data } = notificationPreferencesResponseSchema.parse({ data: shapeA });
    expect(data.groupPreferences.groupMessages).toBe(3);
    expect(data.groupPreferences.groupMemberAdded).toBe(2);
    expect(data.oneOnOnePreferences.oneOnOneReactions).toBe(3);
    expect(data.mutePreferences).toEqual({ dnd: 2, schedule });
    expect(data.usePrivacyTemplate).toBe(false);
  });
});
