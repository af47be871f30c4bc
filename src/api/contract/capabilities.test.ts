import { describe, expect, it } from 'vitest';
import { operatorRoleSchema } from '../schemas/session';
import { can, capabilities, capabilityRoles, type Capability } from './capabilities';
import { consoleRoutes } from './console-routes';
import { undocumentedQuery } from './match';
import { chatOperations, operationLabel, operationNamed } from './operations';
import { responseSchemas } from './responses';

/**
 * Capabilities only the browser app checks (no operation or console route needs them). Empty
 * today: a new entry here is a decision that the server does not enforce that rule.
 */
const uiOnlyCapabilities: readonly Capability[] = [];

const needed = new Set<Capability>([
  ...chatOperations.flatMap((op) => [
    op.capability,
    ...(op.escalation ? [op.escalation.capability] : []),
  ]),
  ...consoleRoutes.flatMap((route) => [
    route.capability,
    ...(route.narrower ? [route.narrower.capability] : []),
  ]),
]);

describe('the capability matrix', () => {
  it('grants each capability to admins and to known roles only', () => {
    expect.hasAssertions();
    for (const capability of capabilities) {
      const roles = capabilityRoles[capability];
      expect(roles, capability).toContain('admin');
      for (const role of roles) expect(operatorRoleSchema.options).toContain(role);
      expect(new Set(roles).size, capability).toBe(roles.length);
    }
  });

  it('answers can() from the matrix, and no for nobody', () => {
    expect(can('support', 'markDelivered')).toBe(true);
    expect(can('moderator', 'markDelivered')).toBe(false);
    expect(can('moderator', 'deleteMessage')).toBe(true);
    expect(can('moderator', 'deleteMessagePermanently')).toBe(false);
    expect(can(undefined, 'readChatData')).toBe(false);
  });

  it('has every capability needed by an operation or a console route, or declared UI-only', () => {
    expect.hasAssertions();
    for (const capability of capabilities) {
      const uses = Number(needed.has(capability)) + Number(uiOnlyCapabilities.includes(capability));
      expect(uses, capability).toBe(1);
    }
  });
});

describe('the operation catalogue', () => {
  it('names each operation once, by name and by label', () => {
    const names = chatOperations.map((op) => op.name);
    const labels = chatOperations.map(operationLabel);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('lets every read be made by every role, and gives each write a capability of its own kind', () => {
    expect.hasAssertions();
    for (const op of chatOperations) {
      if (op.method === 'GET') expect(op.capability, op.name).toBe('readChatData');
      else expect(op.capability, op.name).not.toBe('readChatData');
    }
  });

  it('has an answer schema for exactly its operations', () => {
    expect(Object.keys(responseSchemas).sort()).toEqual(chatOperations.map(operationLabel).sort());
  });

  it('documents query parameters per operation, none for writes but the preference ones', () => {
    expect(operationNamed('bans.list').query).toEqual(['perPage', 'page']);
    expect(operationNamed('preferences.update').query).toEqual(['uid']);
    expect(operationNamed('users.deactivate').query).toEqual([]);
    expect(undocumentedQuery(operationNamed('bans.list'), ['page', 'sort', 'page', 'q'])).toEqual([
      'sort',
      'q',
    ]);
    for (const op of chatOperations) {
      for (const name of Object.keys(op.requiredQuery ?? {}))
        expect(op.query, op.name).toContain(name);
    }
  });
});
