import type { OperatorRole } from '@/api/schemas/session';

export const roleLabels: Record<OperatorRole, string> = {
  admin: 'Admin',
  moderator: 'Moderator',
  support: 'Support',
};

export const roleHelp: Record<OperatorRole, string> = {
  admin: 'everything, including permissions, user accounts, operators and the audit log',
  moderator: 'blocked messages, message deletion, reactions, reasons and bans',
  support: 'read everything, mark conversations delivered, reset notification preferences',
};

export const roles: readonly OperatorRole[] = ['admin', 'moderator', 'support'];
