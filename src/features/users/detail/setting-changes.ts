import type { NotificationPreferences } from '@/api/schemas/notification';
import { dayWindow, preferenceRows, weekdayNames, weekOrder } from './notification-words';

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
