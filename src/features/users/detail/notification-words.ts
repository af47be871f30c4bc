import {
  weekdayValues,
  type DaySchedule,
  type NotificationPreferences,
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

type Kind = 'messages' | 'reactions' | 'event' | 'dnd';
const dictionaries: Record<Kind, Record<number, string>> = {
  messages,
  reactions,
  event: onOff,
  dnd,
};

export function inWords(kind: Kind, value: number | undefined): string {
  if (value === undefined) return 'Not set';
  return dictionaries[kind][value] ?? `Unknown value (${value})`;
}

export interface PreferenceRow {
  label: string;
  value: string;
}

/** One row per setting, grouped as the service groups them, values in words (the rows alone while loading). */
export function preferenceRows(
  p: NotificationPreferences | undefined,
): { title: string; rows: PreferenceRow[] }[] {
  const g = p?.groupPreferences;
  const o = p?.oneOnOnePreferences;
  return [
    {
      title: 'One-on-one conversations',
      rows: [
        { label: 'Messages', value: inWords('messages', o?.oneOnOneMessages) },
        { label: 'Replies', value: inWords('messages', o?.oneOnOneReplies) },
        { label: 'Quoted replies', value: inWords('messages', o?.oneOnOneQuotedReplies) },
        { label: 'Reactions', value: inWords('reactions', o?.oneOnOneReactions) },
      ],
    },
    {
      title: 'Groups',
      rows: [
        { label: 'Messages', value: inWords('messages', g?.groupMessages) },
        { label: 'Replies', value: inWords('messages', g?.groupReplies) },
        { label: 'Quoted replies', value: inWords('messages', g?.groupQuotedReplies) },
        { label: 'Reactions', value: inWords('reactions', g?.groupReactions) },
        { label: 'Member left', value: inWords('event', g?.groupMemberLeft) },
        { label: 'Member added', value: inWords('event', g?.groupMemberAdded) },
        { label: 'Member joined', value: inWords('event', g?.groupMemberJoined) },
        { label: 'Member kicked', value: inWords('event', g?.groupMemberKicked) },
        { label: 'Member banned', value: inWords('event', g?.groupMemberBanned) },
        { label: 'Member unbanned', value: inWords('event', g?.groupMemberUnbanned) },
        { label: 'Member scope changed', value: inWords('event', g?.groupMemberScopeChanged) },
      ],
    },
    {
      title: 'Muting',
      rows: [
        { label: 'Do not disturb', value: inWords('dnd', p?.mutePreferences.dnd) },
        {
          label: 'Privacy template',
          value: p?.usePrivacyTemplate ? 'On (notifications hide the content)' : 'Off',
        },
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
