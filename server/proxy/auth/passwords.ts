import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { createFairSlots, type Turn } from './fair-slots';

/** Too many password hashes are already running or waiting; the caller should answer 503. */
export { SlotsBusyError as HashingBusyError } from './fair-slots';

/** OWASP's minimum for scrypt: N = 2^17, r = 8, p = 1 (128 MiB, about a third of a second here). */
export const defaultScryptCost = 2 ** 17;
const blockSize = 8;
const parallelism = 1;
const keyLength = 32;

/**
 * Each hash holds 128 MiB while it runs, so at most two run; others wait their turn, shared fairly
 * between clients and, within one, between accounts (see createFairSlots).
 */
const slots = createFairSlots({ running: 2, perClient: 4, perAccount: 2, total: 64 });
/** Hashes the console makes for itself (an operator added, a password changed from the command line). */
const consoleTurn: Turn = { client: '(console)', account: '' };

function derive(password: string, salt: Buffer, cost: number, turn: Turn): Promise<Buffer> {
  const options: ScryptOptions = {
    N: cost,
    r: blockSize,
    p: parallelism,
    maxmem: 256 * cost * blockSize,
  };
  return slots.run(
    turn,
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/** `scrypt$N$r$p$salt$hash`, parameters kept with the hash so the cost can rise later. */
export async function hashPassword(
  password: string,
  cost = defaultScryptCost,
  turn = consoleTurn,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost, turn);
  return [
    'scrypt',
    cost,
    blockSize,
    parallelism,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

const dummyHash = (cost: number) =>
  `scrypt$${cost}$8$1$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(keyLength).toString('base64')}`;

/**
 * Timing-safe check of a password against a stored hash. With no hash (unknown user) it still
 * spends the same work on a dummy, so response time does not reveal which usernames exist.
 */
export async function verifyPassword(
  password: string,
  stored: string | undefined,
  dummyCost = defaultScryptCost,
  turn = consoleTurn,
): Promise<boolean> {
  const parts = (stored ?? dummyHash(dummyCost)).split('$');
  const [scheme, costText, r, p, saltText, keyText] = parts;
  if (
    parts.length !== 6 ||
    scheme !== 'scrypt' ||
    r !== String(blockSize) ||
    p !== String(parallelism)
  ) {
    return false;
  }
  const cost = Number(costText);
  if (!Number.isInteger(cost) || cost < 2 || cost > 2 ** 20) return false;
  const expected = Buffer.from(keyText ?? '', 'base64');
  const actual = await derive(password, Buffer.from(saltText ?? '', 'base64'), cost, turn);
  return (
    stored !== undefined && expected.length === actual.length && timingSafeEqual(expected, actual)
  );
}
