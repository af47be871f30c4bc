/** Maps the service's `details` ({ field: [messages] }) onto form fields it knows; returns what is left. */
export function applyServerErrors<F extends string>(
  details: Record<string, string[]> | undefined,
  fields: readonly F[],
  setError: (field: F, error: { type: string; message: string }) => void,
): string[] {
  const unmatched: string[] = [];
  for (const [key, messages] of Object.entries(details ?? {})) {
    const field = fields.find((f) => f === key);
    const message = messages.join(' ');
    if (field) setError(field, { type: 'server', message });
    else unmatched.push(`${key}: ${message}`);
  }
  return unmatched;
}
