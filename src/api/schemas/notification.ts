import { z } from '../zod';
import { dataEnvelope, idSchema, optional } from './common';

export const weekdayValues = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type Weekday = (typeof weekdayValues)[number];

const weekly = <T extends z.ZodType>(day: T) =>
  z.object({
    sunday: day,
    monday: day,
    tuesday: day,
    wednesday: day,
    thursday: day,
    friday: day,
    saturday: day,
  });

const int = z.number().int();
export const dayScheduleSchema = z.object({ from: int, to: int, dnd: z.boolean() });
export type DaySchedule = z.infer<typeof dayScheduleSchema>;

/** Shape B: what reset returns; the emulator returns it from get and update as well. */
export const notificationPreferencesSchema = z.looseObject({
  groupPreferences: z.object({
    groupMessages: int,
    groupReplies: int,
    groupQuotedReplies: optional(int),
    groupReactions: int,
    groupMemberLeft: int,
    groupMemberAdded: int,
    groupMemberJoined: int,
    groupMemberKicked: int,
    groupMemberBanned: int,
    groupMemberUnbanned: int,
    groupMemberScopeChanged: int,
  }),
  oneOnOnePreferences: z.object({
    oneOnOneMessages: int,
    oneOnOneReplies: int,
    oneOnOneQuotedReplies: optional(int),
    oneOnOneReactions: int,
  }),
  mutePreferences: z.object({ dnd: int, schedule: weekly(dayScheduleSchema) }),
  usePrivacyTemplate: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

const setting = optional(int);
/**
 * Shape A: the settings-shaped record the real service returns from get and update
 * (`preferences.group.messagesSetting` …, `mute.schedulePreferenceSetting`). Read into shape B so
 * the console shows one model whichever shape arrives.
 */
const settingsShapedPreferencesSchema = z
  .object({
    preferences: z.object({
      // Settings (numbers) and override flags (booleans); only numbers are read below.
      group: z.record(z.string(), z.unknown()),
      oneOnOne: z.record(z.string(), z.unknown()),
      mute: z.object({
        dndPreferenceSetting: setting,
        schedulePreferenceSetting: weekly(dayScheduleSchema),
      }),
    }),
    templates: optional(z.looseObject({ usePrivacyTemplate: setting })),
  })
  .transform(({ preferences: p, templates }): NotificationPreferences => {
    const g = (key: string) =>
      typeof p.group[`${key}Setting`] === 'number' ? Number(p.group[`${key}Setting`]) : 1;
    const o = (key: string) =>
      typeof p.oneOnOne[`${key}Setting`] === 'number' ? Number(p.oneOnOne[`${key}Setting`]) : 1;
    return {
      groupPreferences: {
        groupMessages: g('messages'),
        groupReplies: g('replies'),
        groupQuotedReplies: g('quotedReplies'),
        groupReactions: g('reactions'),
        groupMemberLeft: g('memberLeft'),
        groupMemberAdded: g('memberAdded'),
        groupMemberJoined: g('memberJoined'),
        groupMemberKicked: g('memberKicked'),
        groupMemberBanned: g('memberBanned'),
        groupMemberUnbanned: g('memberUnbanned'),
        groupMemberScopeChanged: g('memberScopeChanged'),
      },
      oneOnOnePreferences: {
        oneOnOneMessages: o('messages'),
        oneOnOneReplies: o('replies'),
        oneOnOneQuotedReplies: o('quotedReplies'),
        oneOnOneReactions: o('reactions'),
      },
      mutePreferences: {
        dnd: p.mute.dndPreferenceSetting ?? 1,
        schedule: p.mute.schedulePreferenceSetting,
      },
      // App level: 2 means privacy templates.
      usePrivacyTemplate: templates?.usePrivacyTemplate === 2,
    };
  });

/** Shape B in the envelope, exactly: what the emulator answers. */
export const shapeBPreferencesResponseSchema = dataEnvelope(notificationPreferencesSchema);

/** Get, update and reset answers: shape B as reset returns it, or shape A as the real get/update do. */
export const notificationPreferencesResponseSchema = dataEnvelope(
  z.union([notificationPreferencesSchema, settingsShapedPreferencesSchema]),
);

/** Time of day as HHMM in 24-hour time: 0 ... 2359, minutes below 60. */
export const hhmmSchema = z
  .number({ error: 'Must be a time of day (HHMM).' })
  .int({ error: 'Must be a time of day (HHMM).' })
  .min(0, { error: 'Must be between 0 and 2359.' })
  .max(2359, { error: 'Must be between 0 and 2359.' })
  .refine((value) => value % 100 < 60, { error: 'Minutes must be below 60.' });

export const dayScheduleBodySchema = z
  .strictObject({ from: hhmmSchema, to: hhmmSchema, dnd: z.boolean() })
  .refine((day) => day.from <= day.to, { error: 'from must not be after to.', path: ['to'] });

/** 1 = don't notify, 2 = all, 3 = mentions only (messages, replies) or reactions on all messages. */
const threeWay = z
  .union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Must be 1, 2 or 3.' })
  .optional();
/** 1 = don't notify, 2 = notify (member events); for dnd 1 = off, 2 = on. */
const twoWay = z.union([z.literal(1), z.literal(2)], { error: 'Must be 1 or 2.' }).optional();

/** `PATCH /notifications/v1/preferences?uid=` body: any subset of shape B. */
export const updateNotificationPreferencesBodySchema = z.strictObject({
  groupPreferences: z
    .strictObject({
      groupMessages: threeWay,
      groupReplies: threeWay,
      groupQuotedReplies: threeWay,
      groupReactions: threeWay,
      groupMemberLeft: twoWay,
      groupMemberAdded: twoWay,
      groupMemberJoined: twoWay,
      groupMemberKicked: twoWay,
      groupMemberBanned: twoWay,
      groupMemberUnbanned: twoWay,
      groupMemberScopeChanged: twoWay,
    })
    .optional(),
  oneOnOnePreferences: z
    .strictObject({
      oneOnOneMessages: threeWay,
      oneOnOneReplies: threeWay,
      oneOnOneQuotedReplies: threeWay,
      oneOnOneReactions: threeWay,
    })
    .optional(),
  mutePreferences: z
    .strictObject({
      dnd: twoWay,
      schedule: z
        .strictObject({
          sunday: dayScheduleBodySchema.optional(),
          monday: dayScheduleBodySchema.optional(),
          tuesday: dayScheduleBodySchema.optional(),
          wednesday: dayScheduleBodySchema.optional(),
          thursday: dayScheduleBodySchema.optional(),
          friday: dayScheduleBodySchema.optional(),
          saturday: dayScheduleBodySchema.optional(),
        })
        .optional(),
    })
    .optional(),
  usePrivacyTemplate: z.boolean().optional(),
});
export type UpdateNotificationPreferencesBody = z.infer<
  typeof updateNotificationPreferencesBodySchema
>;

/** The target user is the required `uid` query parameter. */
export const notificationPreferencesQuerySchema = z.object({
  uid: idSchema.transform((uid) => uid.toLowerCase()),
});
