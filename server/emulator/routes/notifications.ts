import { Hono } from 'hono';
import {
  notificationPreferencesQuerySchema,
  updateNotificationPreferencesBodySchema,
  weekdayValues,
  type NotificationPreferences,
  type UpdateNotificationPreferencesBody,
} from '../../../src/api/schemas/notification';
import { inTransaction, type EmulatorContext } from '../context';
import { uidNotFound } from '../http-errors';
import { findActiveUser } from '../repo/users';
import { sql } from '../statements';
import { parseBody, parseQuery } from '../validation';

/** The app defaults a reset returns to: notify for messages, not for member events, no DND, every day 0–2359. */
export function defaultPreferences(): NotificationPreferences {
  const day = () => ({ from: 0, to: 2359, dnd: false });
  return {
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
        sunday: day(),
        monday: day(),
        tuesday: day(),
        wednesday: day(),
        thursday: day(),
        friday: day(),
        saturday: day(),
      },
    },
    usePrivacyTemplate: true,
  };
}

const defined = <T extends object>(value: T | undefined) =>
  Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined));

/** Layers user choices over a base record; later layers win, key by key and day by day. */
function merge(
  base: NotificationPreferences,
  overrides: UpdateNotificationPreferencesBody,
): NotificationPreferences {
  const schedule = { ...base.mutePreferences.schedule };
  for (const day of weekdayValues) {
    const choice = overrides.mutePreferences?.schedule?.[day];
    if (choice) schedule[day] = choice;
  }
  return {
    groupPreferences: { ...base.groupPreferences, ...defined(overrides.groupPreferences) },
    oneOnOnePreferences: { ...base.oneOnOnePreferences, ...defined(overrides.oneOnOnePreferences) },
    mutePreferences: { dnd: overrides.mutePreferences?.dnd ?? base.mutePreferences.dnd, schedule },
    usePrivacyTemplate: overrides.usePrivacyTemplate ?? base.usePrivacyTemplate,
  };
}

/** Merges two override records, so a stored record keeps growing with partial updates. */
function mergeOverrides(
  a: UpdateNotificationPreferencesBody,
  b: UpdateNotificationPreferencesBody,
): UpdateNotificationPreferencesBody {
  return {
    groupPreferences: { ...a.groupPreferences, ...defined(b.groupPreferences) },
    oneOnOnePreferences: { ...a.oneOnOnePreferences, ...defined(b.oneOnOnePreferences) },
    mutePreferences: {
      dnd: b.mutePreferences?.dnd ?? a.mutePreferences?.dnd,
      schedule: { ...a.mutePreferences?.schedule, ...defined(b.mutePreferences?.schedule) },
    },
    usePrivacyTemplate: b.usePrivacyTemplate ?? a.usePrivacyTemplate,
  };
}

export function notificationRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();
  const stored = (uid: string): UpdateNotificationPreferencesBody => {
    const row = sql<{ overrides: string }>(
      ctx.db,
      'SELECT overrides FROM notification_preferences WHERE uid = ?',
    ).get(uid);
    return row ? updateNotificationPreferencesBodySchema.parse(JSON.parse(row.overrides)) : {};
  };
  const target = (uid: string) => {
    if (!findActiveUser(ctx.db, uid)) throw uidNotFound(uid);
    return uid;
  };

  app.get('/preferences', (c) => {
    const uid = target(parseQuery(c, notificationPreferencesQuerySchema).uid);
    return c.json({ data: merge(defaultPreferences(), stored(uid)) });
  });

  app.patch('/preferences', async (c) => {
    const { uid } = parseQuery(c, notificationPreferencesQuerySchema);
    const body = await parseBody(c, updateNotificationPreferencesBodySchema);
    const result = inTransaction(ctx, () => {
      target(uid);
      const overrides = mergeOverrides(stored(uid), body);
      sql(
        ctx.db,
        'INSERT OR REPLACE INTO notification_preferences (uid, overrides, updated_at) VALUES (?, ?, ?)',
      ).run(uid, JSON.stringify(overrides), ctx.nowSeconds());
      return merge(defaultPreferences(), overrides);
    });
    return c.json({ data: result });
  });

  app.delete('/preferences', (c) => {
    const { uid } = parseQuery(c, notificationPreferencesQuerySchema);
    inTransaction(ctx, () => {
      target(uid);
      sql(ctx.db, 'DELETE FROM notification_preferences WHERE uid = ?').run(uid);
    });
    return c.json({ data: defaultPreferences() });
  });

  return app;
}
