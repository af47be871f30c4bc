import {
  weekdayValues,
  type DaySchedule,
  type NotificationPreferences,
  updateNotificationPreferencesBodySchema,
  type UpdateNotificationPreferencesBody,
  type Weekday,
} from '@/api/schemas/notification';

/** What the integers of the preferences mean, in the words the operator reads. */
const messages: Record<number, string> = {
  1: 'Don’t notify',
  2: 'All messages',
  3: 'Mentions only',
};
const reactions: Record<number, string> = {
  1: 'Don’t notify',
  2: 'Reactions to own messages',
  3: 'All reactions',
};
const onOff: Record<number, string> = { 1: 'Don’t notify', 2: 'Notify' };
const dnd: Record<number, string> = { 1: 'Off', 2: 'On' };

const privacy: Record<number, string> = { 1: 'Off', 2: 'On (notifications hide the content)' };

export type Kind = 'messages' | 'reactions' | 'event' | 'dnd' | 'privacy';
const dictionaries: Record<Kind, Record<number, string>> = {
  messages,
  reactions,
  event: onOff,
  dnd,
  privacy,
};

export function inWords(kind: Kind, value: number | undefined): string {
  if (value === undefined) return 'Not set';
  return dictionaries[kind][value] ?? `Unknown value (${value})`;
}

/** The values a setting of this kind may take, with their words, in the service's order. */
export const choicesOf = (kind: Kind) =>
  Object.entries(dictionaries[kind]).map(([value, words]) => ({ value: Number(value), words }));

/** A setting the documented `PATCH` changes: its value now and the body that sets another. */
export interface EditableSetting {
  kind: Kind;
  current: number | undefined;
  body: (value: number) => UpdateNotificationPreferencesBody;
}

export interface PreferenceRow {
  label: string;
  value: string;
  edit: EditableSetting;
}

type GroupKey = keyof NotificationPreferences['groupPreferences'];
type OneOnOneKey = keyof NotificationPreferences['oneOnOnePreferences'];

/** One row per setting, grouped as the service groups them, values in words (the rows alone while loading). */
export function preferenceRows(
  p: NotificationPreferences | undefined,
): { title: string; rows: PreferenceRow[] }[] {
  const row = (
    label: string,
    kind: Kind,
    current: number | undefined,
    shape: (value: number) => unknown,
  ) => ({
    label,
    value: inWords(kind, current),
    // Checked against the documented body: a value outside the setting's choices never leaves.
    edit: {
      kind,
      current,
      body: (value: number) => updateNotificationPreferencesBodySchema.parse(shape(value)),
    },
  });
  const o = (label: string, key: OneOnOneKey, kind: Kind) =>
    row(label, kind, p?.oneOnOnePreferences[key], (value) => ({
      oneOnOnePreferences: { [key]: value },
    }));
  const g = (label: string, key: GroupKey, kind: Kind) =>
    row(label, kind, p?.groupPreferences[key], (value) => ({
      groupPreferences: { [key]: value },
    }));
  return [
    {
      title: 'One-on-one conversations',
      rows: [
        o('Messages', 'oneOnOneMessages', 'messages'),
        o('Replies', 'oneOnOneReplies', 'messages'),
        o('Quoted replies', 'oneOnOneQuotedReplies', 'messages'),
        o('Reactions', 'oneOnOneReactions', 'reactions'),
      ],
    },
    {
      title: 'Groups',
      rows: [
        g('Messages', 'groupMessages', 'messages'),
        g('Replies', 'groupReplies', 'messages'),
        g('Quoted replies', 'groupQuotedReplies', 'messages'),
        g('Reactions', 'groupReactions', 'reactions'),
        g('Member left', 'groupMemberLeft', 'event'),
        g('Member added', 'groupMemberAdded', 'event'),
        g('Member joined', 'groupMemberJoined', 'event'),
        g('Member kicked', 'groupMemberKicked', 'event'),
        g('Member banned', 'groupMemberBanned', 'event'),
        g('Member unbanned', 'groupMemberUnbanned', 'event'),
        g('Member scope changed', 'groupMemberScopeChanged', 'event'),
      ],
    },
    {
      title: 'Muting',
      rows: [
        row('Do not disturb', 'dnd', p?.mutePreferences.dnd, (value) => ({
          mutePreferences: { dnd: value },
        })),
        row(
          'Privacy template',
          'privacy',
          p ? (p.usePrivacyTemplate ? 2 : 1) : undefined,
          (value) => ({
            usePrivacyTemplate: value === 2,
          }),
        ),
      ],
    },
  ];
}

/** HHMM in 24-hour time (2359) as "23:59". */
export function hhmm(value: number): string {
  const hours = Math.floor(value / 100);
  const minutes = value % 100;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

export const weekdayNames: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** Monday first, as people read a week. */
export const weekOrder: readonly Weekday[] = [...weekdayValues.slice(1), 'sunday'];

export function dayWindow(day: DaySchedule): string {
  return day.dnd ? 'No notifications' : `${hhmm(day.from)}–${hhmm(day.to)}`;
}
