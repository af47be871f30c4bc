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

/**
 * Logs chat-service answers that do not have the shape the console reads: a write's 2xx answer (the
 * operator still sees success: the service did it) and a read whose envelope does not parse. Only the
 * operation and the first problem are logged, never values of the answer.
 */
export function createAnswerCheck(logger: Logger): AnswerObserver {
  return (answer) => {
    if (answer.status < 200 || answer.status >= 300) return;
    const schema = responseSchemas[answer.operation];
    if (!schema) return;
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
