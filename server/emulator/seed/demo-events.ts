import type Database from 'better-sqlite3';
import { insertGroupMemberAction, type GroupMemberEvent } from '../repo/group-actions';
import { sql } from '../statements';
import { insertMessage } from './insert';

/**
 * Group-member events, each in the state it leaves (community-0260 and -0259 are support-hub members,
 * jack-murphy is not in night-owls, community-0257 is banned from hiking-club, tom-becker moderates
 * general, community-0250 is not banned from general).
 */
const events: readonly Omit<GroupMemberEvent, 'at'>[] = [
  {
    guid: 'support-hub',
    action: 'joined',
    by: 'community-0260',
    on: 'community-0260',
    scope: 'participant',
  },
  {
    guid: 'support-hub',
    action: 'added',
    by: 'olivia-bennett',
    on: 'community-0259',
    scope: 'participant',
  },
  {
    guid: 'night-owls',
    action: 'kicked',
    by: 'diego-alvarez',
    on: 'jack-murphy',
    scope: 'participant',
  },
  {
    guid: 'general',
    action: 'scopeChanged',
    by: 'marcus-chen',
    on: 'tom-becker',
    scope: 'moderator',
    extras: { scope: { old: 'participant', new: 'moderator' } },
  },
  {
    guid: 'hiking-club',
    action: 'banned',
    by: 'hannah-kowalski',
    on: 'community-0257',
    scope: 'participant',
  },
  {
    guid: 'general',
    action: 'unbanned',
    by: 'marcus-chen',
    on: 'community-0250',
    scope: 'participant',
  },
];

/** A form sent in a one-on-one conversation (category `interactive`). */
const form = {
  interactiveData: {
    title: 'Saturday hike sign-up',
    formFields: [
      { elementType: 'textInput', elementId: 'name', label: 'Your name', optional: false },
      {
        elementType: 'dropdown',
        elementId: 'trail',
        label: 'Trail',
        optional: false,
        options: [
          { label: 'Ridge loop', value: 'ridge' },
          { label: 'Lake path', value: 'lake' },
        ],
      },
    ],
    submitElement: {
      elementType: 'button',
      elementId: 'submit',
      buttonText: 'Sign up',
      disableAfterInteracted: true,
      action: { actionType: 'urlNavigation', url: 'https://example.com/hikes' },
    },
  },
  interactionGoal: { type: 'anyAction', elementIds: [] },
  allowSenderInteraction: false,
};

/**
 * Events after the message timeline: the group-member action messages the service writes into
 * group conversations, and one interactive message. Appended last, so every earlier message keeps
 * its id and each conversation stays in id and time order. No randomness: always the same rows.
 */
export function seedEvents(db: Database.Database) {
  const last = sql<{ at: number }>(db, 'SELECT max(sent_at) AS at FROM messages').get()?.at ?? 0;
  let at = last + 1800;
  const joinedAt = sql(db, 'UPDATE group_members SET joined_at = ? WHERE guid = ? AND uid = ?');
  const bannedAt = sql(db, 'UPDATE group_bans SET banned_at = ? WHERE guid = ? AND uid = ?');
  for (const event of events) {
    insertGroupMemberAction(db, { ...event, at });
    if (event.action === 'joined' || event.action === 'added')
      joinedAt.run(at, event.guid, event.on);
    if (event.action === 'banned') bannedAt.run(at, event.guid, event.on);
    at += 1500;
    if (event.action === 'scopeChanged') {
      insertMessage(db, {
        sender: 'amelia-hart',
        receiverType: 'user',
        receiver: 'noah-fischer',
        category: 'interactive',
        type: 'form',
        data: form,
        sentAt: at,
        muid: 'demo-form-1',
      });
      at += 1500;
    }
  }
}
