import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** The one shape of a configuration problem: a readable list, one `✖ VARIABLE: what is wrong` a line. */
export function invalidConfiguration(lines: readonly string[]): Error {
  return new Error(`Invalid configuration:\n${lines.map((line) => `✖ ${line}`).join('\n')}`);
}

function amount(count: number, unit: string | undefined): string {
  if (!unit) return String(count);
  return `${count} ${count === 1 ? unit.replace(/^(\w+)s\b/, '$1') : unit}`;
}

/**
 * A whole number from `min` to `max` (text coerced, as the environment is text), every refusal
 * naming the unit: `must be a whole number of seconds`, `must be at least 2 seconds (why)`.
 */
export function wholeNumber(range: {
  min: number;
  max: number;
  unit?: string;
  minReason?: string;
}) {
  const { min, max, unit, minReason } = range;
  const kind = { error: `must be a whole number${unit ? ` of ${unit}` : ''}` };
  const floor = `must be at least ${amount(min, unit)}${minReason ? ` (${minReason})` : ''}`;
  return z.coerce
    .number(kind)
    .int(kind)
    .min(min, { error: floor })
    .max(max, { error: `must be at most ${amount(max, unit)}` });
}

/**
 * A secret from a file (one line, surrounding blanks trimmed), checked by `schema`; a problem names
 * the variable and the file, never the content. `what` names the secret in the message ("the key").
 */
export function readSecretFile<T extends string>(
  variable: string,
  file: string,
  check: { what: string; schema: z.ZodType<T> },
): T {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw invalidConfiguration([`${variable}: cannot read ${file} (${code})`]);
  }
  const checked = check.schema.safeParse(text.trim());
  if (!checked.success) {
    const problem = checked.error.issues[0]?.message ?? 'is not valid';
    throw invalidConfiguration([`${variable}: ${check.what} in ${file} ${problem}`]);
  }
  return checked.data;
}
