import type { OperatorRole } from '@/api/schemas/session';

/**
 * What each operator role may do, mirrored from the console server's allow-list so the UI can hide or
 * disable what a role cannot do. The server enforces it on every call regardless.
 */
const matrix = {
  moderateBlocked: ['admin', 'moderator'],
  deleteMessage: ['admin', 'moderator'],
  deleteMessagePermanently: ['admin'],
  reactOnBehalf: ['admin', 'moderator'],
  manageReasons: ['admin', 'moderator'],
  manageBans: ['admin', 'moderator'],
  editPermissions: ['admin'],
  manageUserAccounts: ['admin'],
  markDelivered: ['admin', 'support'],
  editNotificationPreferences: ['admin', 'support'],
  readAudit: ['admin'],
  readModerationHistory: ['admin', 'moderator'],
  manageOperators: ['admin'],
  checkChatService: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type Capability = keyof typeof matrix;

export function can(role: OperatorRole | undefined, capability: Capability): boolean {
  return role !== undefined && (matrix[capability] as readonly OperatorRole[]).includes(role);
}

/** Why a control is disabled, in words for the operator. */
export function deniedReason(capability: Capability): string {
  const roles = matrix[capability].join(' or ');
  return `Only ${roles} operators can do this.`;
}
