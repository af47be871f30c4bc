import type { OperatorRole } from '../schemas/session';

/**
 * What each operator role may do: the one table of role rules. The console server derives its
 * allow-list from it (each operation of `operations.ts` and each route of `console-routes.ts` names
 * the capability it needs) and the SPA hides or disables what a role cannot do with the same table.
 */
// prettier-ignore
export const capabilityRoles = {
  /** Every read of the chat service (users, groups, messages, roles, reasons, the queue). */
  readChatData: ['admin', 'moderator', 'support'],
  moderateBlocked: ['admin', 'moderator'],
  /** Approve (keep visible) or block (hide) flagged messages. */
  moderateFlagged: ['admin', 'moderator'],
  /** Flag a message on behalf of a user, with a moderation reason. */
  flagOnBehalf: ['admin', 'moderator'],
  deleteMessage: ['admin', 'moderator'],
  deleteMessagePermanently: ['admin'],
  reactOnBehalf: ['admin', 'moderator'],
  manageReasons: ['admin', 'moderator'],
  manageBans: ['admin', 'moderator'],
  /** Kick a group member, change a member's scope. */
  manageMembers: ['admin', 'moderator'],
  editPermissions: ['admin'],
  manageUserAccounts: ['admin'],
  markDelivered: ['admin', 'support'],
  editNotificationPreferences: ['admin', 'support'],
  readAudit: ['admin'],
  /** The audit trail of moderation decisions only (see `console-routes.ts`). */
  readModerationHistory: ['admin', 'moderator'],
  /** The moderation insights: decisions, queue age, per-rule approval rates. */
  readInsights: ['admin', 'moderator'],
  manageOperators: ['admin'],
  checkChatService: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type Capability = keyof typeof capabilityRoles;

const isCapability = (name: string): name is Capability => Object.hasOwn(capabilityRoles, name);

/** Every capability, in the table's order. */
export const capabilities: readonly Capability[] =
  Object.keys(capabilityRoles).filter(isCapability);

/** The roles that have a capability. */
export const rolesWith = (capability: Capability): readonly OperatorRole[] =>
  capabilityRoles[capability];

export function can(role: OperatorRole | undefined, capability: Capability): boolean {
  return role !== undefined && rolesWith(capability).includes(role);
}
