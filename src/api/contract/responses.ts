import type { z } from 'zod';
import { answerSchemas } from './answer-schemas';
import { chatOperations, operationLabel } from './operations';

/**
 * The schema the console reads each chat operation's success answer with, by `METHOD /template`,
 * from the `answer` of its catalogue entry. The console server (write answers are checked and a
 * mismatch is logged), the connection doctor and the contract suite read answers through this one
 * table; the SPA's calls read the entry's schema the same way (`callOperation`).
 */
export const responseSchemas: Readonly<Record<string, z.ZodType>> = Object.fromEntries(
  chatOperations.map((op) => [operationLabel(op), answerSchemas[op.answer]]),
);

/** The reads the console makes, for the connection doctor: every GET of the table. */
export const readOperations = Object.keys(responseSchemas).filter((name) =>
  name.startsWith('GET '),
);
