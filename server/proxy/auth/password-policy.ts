import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { passwordSchema } from '../../../src/api/schemas/console';

let common: ReadonlySet<string> | undefined;

/** The bundled list (`common-passwords.txt`), read once on first use: about 140 kB. */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    // A path, not a URL object: under jsdom (component tests) `URL` is not Node's own.
    readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return common;
}

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/** Usernames this short appear inside ordinary words ("mo" in "moment"), so they are not looked for. */
const shortestNameChecked = 3;

export const passwordMessages = {
  common: 'This is one of the 10,000 most common passwords; choose another',
  username: 'The password must not contain the username',
  same: 'Choose a password different from the current one',
} as const;

/**
 * Why a new password is refused (ASVS V2.1, NIST SP 800-63B 5.1.1.2), or an empty list: at least 12
 * and at most 256 characters, not one of the bundled most common passwords (compared case-blind),
 * and not containing the operator's username. No composition rules.
 */
export function passwordProblems(password: string, username?: string): string[] {
  const parsed = z.safeParse(passwordSchema, password);
  if (!parsed.success) return parsed.error.issues.map((issue) => issue.message);
  const problems: string[] = [];
  const folded = fold(password);
  if (commonPasswords().has(folded)) problems.push(passwordMessages.common);
  const name = username === undefined ? '' : fold(username.trim());
  if (name.length >= shortestNameChecked && folded.includes(name)) {
    problems.push(passwordMessages.username);
  }
  return problems;
}
