import type { ConsoleErrorCode, ErrorDetails } from '../http/errors';
import type { UpstreamFailure } from './forward';

/**
 * The console's answer when no usable upstream answer exists. `details.outcome` tells the client
 * whether the call may have been applied: `failed` (nothing was sent) or `unknown` (sent, no
 * definite answer), so it can say "not done" or "check before retrying".
 */
export function failureReply(
  failure: UpstreamFailure,
): [504 | 502, ConsoleErrorCode, string, ErrorDetails] {
  const outcome = { outcome: failure.kind === 'unreachable' ? 'failed' : 'unknown' };
  if (failure.kind === 'timeout')
    return [504, 'CONSOLE_UPSTREAM_TIMEOUT', 'The chat service did not answer in time.', outcome];
  if (failure.kind === 'too-large')
    return [502, 'CONSOLE_UPSTREAM_BAD_RESPONSE', 'The chat service answered too much.', outcome];
  if (failure.kind === 'interrupted')
    return [
      502,
      'CONSOLE_UPSTREAM_BAD_RESPONSE',
      'The connection to the chat service broke before its answer.',
      outcome,
    ];
  return [502, 'CONSOLE_UPSTREAM_UNREACHABLE', 'The chat service cannot be reached.', outcome];
}
