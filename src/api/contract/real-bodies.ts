import realResponses from './real-responses.json' with { type: 'json' };
import { responseSchemas } from './responses';

/**
 * The real answers of the chat service (`real-responses.json`: documentation examples, observed test
 * code and the official SDK, each with its source), matched to the operations of the contract.
 */
export interface RealBody {
  /** As written in the file, e.g. `DELETE /users (observed: unknown + already)`. */
  name: string;
  /** The contract's operation, e.g. `DELETE /users`. */
  operation: string;
  evidence: string;
  body: unknown;
}

const templateOf = (operation: string) => operation.replace(/\{[^}]*\}/g, '{}');
const byTemplate = new Map(Object.keys(responseSchemas).map((name) => [templateOf(name), name]));

/** `PATCH /moderation/blocked-messages/{id} (review)` → `PATCH /moderation/blocked-messages/{messageId}`. */
export function contractOperationOf(name: string): string | undefined {
  const [method = '', target = ''] = name.split(' ');
  const path = target.split('?', 1)[0] ?? '';
  return byTemplate.get(templateOf(`${method} ${path}`));
}

export const realBodies: readonly RealBody[] = realResponses.responses.map((entry) => {
  const operation = contractOperationOf(entry.operation);
  if (!operation) throw new Error(`No contract operation for "${entry.operation}"`);
  return { name: entry.operation, operation, evidence: entry.evidence, body: entry.body };
});

export const realErrorBodies: readonly { name: string; body: unknown }[] = realResponses.errors;
