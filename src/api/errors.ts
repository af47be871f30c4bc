import { ApiError } from './api-error';

const plainWords: Record<string, string> = {
  ERR_BAD_REQUEST: 'Some of the values sent are not valid.',
  ERR_UID_NOT_FOUND: 'That user does not exist or has been deactivated.',
  ERR_GUID_NOT_FOUND: 'That group does not exist.',
  ERR_MESSAGE_ID_NOT_FOUND: 'That message does not exist (it may have been deleted permanently).',
  ERR_ROLE_NOT_FOUND: 'That role does not exist.',
  ERR_API_NOT_FOUND: 'The chat service does not know this operation.',
  ERR_TOO_MANY_REQUESTS: 'The chat service is rate limiting us.',
  ERR_NOT_A_MEMBER: 'That user is not a member of the group.',
  ERR_ALREADY_BANNED: 'That user is already banned from the group.',
  ERR_NOT_A_BANNED_USER: 'That user is not banned from the group.',
  ERR_REACTION_NOT_FOUND: 'That user has not reacted with this.',
  ERR_MESSAGE_NO_ACCESS: 'That user is not a participant of this conversation.',
  ERR_REASON_DELETE_DENIED: 'Default reasons cannot be deleted.',
  ERR_REASON_ALREADY_EXISTS: 'A reason with this id already exists.',
  ERR_REASON_NOT_FOUND: 'That reason does not exist (it may have been deleted).',
  ERR_BLOCKED_MESSAGE_NOT_FOUND: 'That blocked message no longer exists.',
  ERR_CONVERSATION_NOT_ACCESSIBLE: 'There is no conversation between these users yet.',
  ERR_PERMISSION_DENIED: 'The chat service refused: the acting user lacks the permission.',
  AUTH_ERR_NO_ACCESS: 'The console’s API key lacks the access this needs.',
  CONSOLE_FORBIDDEN: 'Your operator role does not allow this.',
  CONSOLE_UNAUTHENTICATED: 'Your session has ended. Sign in again.',
  CONSOLE_UPSTREAM_CREDENTIALS:
    'The chat service rejected the console’s credentials. Ask an admin to check the API key.',
  CONSOLE_UPSTREAM_TIMEOUT: 'The chat service did not answer in time. Try again.',
  CONSOLE_UPSTREAM_UNREACHABLE: 'The chat service cannot be reached right now.',
  CONSOLE_CROSS_SITE_REQUEST:
    'The console server refused a request that did not come from this page. Reload and try again.',
  CONSOLE_MISDIRECTED_REQUEST:
    'The console was opened under an address it does not serve. Use the address it printed at start.',
  CONSOLE_INVALID_CREDENTIALS: 'Wrong username or password.',
  CONSOLE_LOGIN_THROTTLED: 'Too many failed sign-ins. Wait and try again.',
  CONSOLE_CONFLICT: 'That conflicts with the current state. Reload and try again.',
  CONSOLE_NOT_FOUND: 'The console server does not know this address.',
  CONSOLE_METHOD_NOT_ALLOWED: 'The console server does not allow this operation here.',
  CONSOLE_UPSTREAM_BAD_RESPONSE: 'The chat service sent an answer the console could not use.',
  CONSOLE_SHUTTING_DOWN: 'The console server is restarting. Try again in a moment.',
  CONSOLE_AUDIT_UNAVAILABLE:
    'The console could not record this in its audit trail, so it did not send it. Try again later.',
  CONSOLE_STORE_UNAVAILABLE:
    'The console server cannot reach its database right now, so nothing was sent. Try again in a moment.',
  CONSOLE_BUSY: 'Too many requests from this session. Slow down and try again.',
  NETWORK_ERROR: 'The console server could not be reached. Check your connection.',
};

/** An error in plain words for operators, keeping the service's own message and code visible. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) {
      const wait = error.retryAfter !== undefined ? `, retry in ${error.retryAfter} s` : '';
      return `Rate limited${wait}.`;
    }
    const words = plainWords[error.code];
    if (words && words !== error.message) return `${words} (${error.code}: ${error.message})`;
    return `${error.message} (${error.code})`;
  }
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/**
 * Whether the answer says the thing asked for does not exist (a user, group, message…): a 404 other
 * than the service not knowing the operation itself. Asking again gives the same answer.
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && error.code !== 'ERR_API_NOT_FOUND';
}

/**
 * Whether a failed write may still have been applied by the chat service: the console sent it and no
 * definite answer came back (a timeout, a broken connection, the service's own 5xx), or the console
 * itself was lost mid-request. Such a write is checked before it is retried, never reported as undone.
 */
export function mayHaveBeenApplied(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.outcome !== undefined) return error.outcome === 'unknown';
  if (error.code === 'NETWORK_ERROR') return true;
  if (error.code === 'CONSOLE_UPSTREAM_TIMEOUT' || error.code === 'CONSOLE_UPSTREAM_BAD_RESPONSE')
    return true;
  return error.status >= 500 && !error.code.startsWith('CONSOLE_');
}
