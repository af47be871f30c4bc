import type { DaySchedule, NotificationPreferences } from '@/api/schemas/notification';
import { dayWindow, preferenceRows, weekdayNames, weekOrder } from './notification-words';

const allDay: DaySchedule = { from: 0, to: 2359, dnd: false };

/**
 * The service's documented defaults, which a reset returns to unless the app changed its own defaults:
 * every message, reply and reaction to own messages; no member events; DND off; every day 00:00–23:59.
 */
export const standardDefaults: NotificationPreferences = {
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
      sunday: allDay,
      monday: allDay,
      tuesday: allDay,
      wednesday: allDay,
      thursday: allDay,
      friday: allDay,
      saturday: allDay,
    },
  },
  usePrivacyTemplate: false,
};

export interface FlatSetting {
  key: string;
  label: string;
  value: string;
}

/** Every setting as one labelled line in words, schedule included, for comparing two records. */
export function flatSettings(p: NotificationPreferences): FlatSetting[] {
  const settings = preferenceRows(p).flatMap((section) =>
    section.rows.map((row) => ({
      key: `${section.title}/${row.label}`,
      label: `${section.title}: ${row.label}`,
      value: row.value,
    })),
  );
  for (const day of weekOrder) {
    settings.push({
      key: `schedule/${day}`,
      label: `Schedule: ${weekdayNames[day]}`,
      value: dayWindow(p.mutePreferences.schedule[day]),
    });
  }
  return settings;
}

export interface SettingChange {
  label: string;
  before: string;
  after: string;
}

export function settingChanges(
  before: NotificationPreferences,
  after: NotificationPreferences,
): SettingChange[] {
  const next = new Map(flatSettings(after).map((setting) => [setting.key, setting.value]));
  return flatSettings(before)
    .map((setting) => ({
      label: setting.label,
      before: setting.value,
      after: next.get(setting.key) ?? 'Not set',
    }))
    .filter((change) => change.before !== change.after);
}
