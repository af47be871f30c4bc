import { callOperation } from './operation';
import { type UpdateNotificationPreferencesBody } from './schemas/notification';

/** The user is named by the required `uid` query parameter, not by `onBehalfOf`. */
export const getNotificationPreferences = async (uid: string, signal?: AbortSignal) =>
  (await callOperation('preferences.get', {}, { signal, query: { uid } })).data;

/** Drops the user's own choices; the response is the preferences now in force (the app's defaults). */
export const resetNotificationPreferences = async (uid: string) =>
  (await callOperation('preferences.reset', {}, { query: { uid } }))?.data;

/**
 * `PATCH /notifications/v1/preferences?uid=` with any subset of the preferences; the answer is the
 * preferences now in force (settings the app does not let users override stay as they were).
 */
export const updateNotificationPreferences = async (
  uid: string,
  body: UpdateNotificationPreferencesBody,
) => (await callOperation('preferences.update', {}, { query: { uid }, body }))?.data;
