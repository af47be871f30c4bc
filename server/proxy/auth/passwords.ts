import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** OWASP's minimum for scrypt: N = 2^17, r = 8, p = 1 (128 MiB, about a third of a second here). */
export const defaultScryptCost = 2 ** 17;
const blockSize = 8;
const parallelism = 1;
const keyLength = 32;
const maxConcurrent = 2;
const maxQueued = 32;

/** Too many password hashes are already running or waiting; the caller should answer 503. */
export class HashingBusyError extends Error {
  constructor() {
    super('password hashing is saturated');
    this.name = 'HashingBusyError';
  }
}

// Each hash holds 128 MiB while it runs, so a burst of sign-ins must queue instead of piling up.
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= maxConcurrent) {
    if (waiting.length >= maxQueued) throw new HashingBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function derive(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  const options: ScryptOptions = {
    N: cost,
    r: blockSize,
    p: parallelism,
    maxmem: 256 * cost * blockSize,
  };
  return withSlot(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/** `scrypt$N$r$p$salt$hash`, parameters kept with the hash so the cost can rise later. */
export async function hashPassword(password: string, cost = defaultScryptCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
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
  const actual = await derive(password, Buffer.from(saltText ?? '', 'base64'), cost);
  return (
    stored !== undefined && expected.length === actual.length && timingSafeEqual(expected, actual)
  );
}
