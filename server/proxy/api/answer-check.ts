import type { Logger } from 'pino';
import { responseSchemas } from '../../../src/api/contract/responses';
import type { AnswerObserver } from '../deps';

function firstProblem(error: {
  issues: readonly { path: PropertyKey[]; message: string }[];
}): string {
  const issue = error.issues[0];
  return issue
    ? `${issue.path.map(String).join('.') || 'body'}: ${issue.message}`
    : 'invalid shape';
}

/** How long a read operation's answers go unchecked after one was checked. */
export const readCheckEveryMs = 10_000;

/**
 * Logs chat-service answers that do not have the shape the console reads: a write's 2xx answer (the
 * operator still sees success: the service did it) and a read whose envelope does not parse. Only the
 * operation and the first problem are logged, never values of the answer. Every write is checked;
 * a read operation's answers once per `readCheckEveryMs`, which still names a change of the service's
 * shapes within seconds, without parsing every list the operators page through.
 */
export function createAnswerCheck(logger: Logger): AnswerObserver {
  const readCheckedAt = new Map<string, number>();
  return (answer) => {
    if (answer.status < 200 || answer.status >= 300) return;
    const schema = responseSchemas[answer.operation];
    if (!schema) return;
    if (answer.method === 'GET') {
      const last = readCheckedAt.get(answer.operation);
      if (last !== undefined && answer.at - last < readCheckEveryMs) return;
      readCheckedAt.set(answer.operation, answer.at);
    }
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(answer.body).toString('utf8'));
    } catch {
      logger.warn(
        { reqId: answer.reqId, operation: answer.operation },
        'chat service answer is not JSON',
      );
      return;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      logger.warn(
        {
          reqId: answer.reqId,
          operation: answer.operation,
          problem: firstProblem(parsed.error),
          write: answer.method !== 'GET',
        },
        'chat service answer does not have the documented shape',
      );
    }
  };
}
