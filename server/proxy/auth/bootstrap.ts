import { randomBytes } from 'node:crypto';
import { addOperator } from './operators';
import type { ConsoleStore } from '../store/store';

export const bootstrapUsername = 'admin';

/**
 * The first admin, with a random password that is never shown: the only way in is the one-time
 * link, after which the admin must choose a password (it is an initial one) before anything else.
 */
export async function bootstrapAdmin(store: ConsoleStore, hashCost?: number): Promise<string> {
  await addOperator(
    store,
    { username: bootstrapUsername, role: 'admin', password: randomBytes(32).toString('base64url') },
    { hashCost, initialPassword: true },
  );
  return bootstrapUsername;
}
