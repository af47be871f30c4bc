/**
 * The operator's own words on a decision or a ban (decision 0015): a reason (free text, or the name of
 * a moderation reason picked from the service's list, with its id) and a note. The console server
 * records them on the audit row and never forwards them to the chat service.
 */
export interface Explanation {
  reason?: string | undefined;
  /** The id of the moderation reason `reason` names, when one was picked from the list. */
  reasonId?: string | undefined;
  note?: string | undefined;
}

/** The longest note the console keeps; the audit trail cuts anything longer. */
export const noteMaxLength = 500;

// Header values are Latin-1 only, so free text travels percent-encoded (UTF-8); the server decodes it.
const encoded = (text: string | undefined) =>
  text?.trim() ? encodeURIComponent(text.trim()) : undefined;

/** The `x-console-*` headers of an explanation; empty parts are left out. */
export const explanationHeaders = (explanation: Explanation = {}) => ({
  'x-console-reason': encoded(explanation.reason),
  'x-console-reason-id': explanation.reasonId || undefined,
  'x-console-note': encoded(explanation.note),
});
