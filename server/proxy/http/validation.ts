/** zod issues as the chat API's `details`: field name → messages. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const details: Record<string, string[]> = {};
  for (const issue of issues) (details[String(issue.path[0] ?? 'body')] ??= []).push(issue.message);
  return details;
}
