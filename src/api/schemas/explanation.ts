import { noteMaxLength } from '../explanation';
import { z } from '../zod';

/** The longest reason the console keeps for a ban or an account change. */
export const reasonMaxLength = 500;

/** A reason the operator must give (bans, deactivation): it goes to the console's audit trail only. */
export const requiredReasonSchema = z
  .string()
  .trim()
  .min(1, { error: 'Say why; the reason goes into the audit trail.' })
  .max(reasonMaxLength, { error: `Keep the reason to ${reasonMaxLength} characters.` });

/** An optional note on a decision, kept by the console only. */
export const noteSchema = z
  .string()
  .trim()
  .max(noteMaxLength, { error: `Keep the note to ${noteMaxLength} characters.` });
