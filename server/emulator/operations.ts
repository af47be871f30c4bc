import { matchOperation } from '../../src/api/contract/match';
import { anySegment } from '../../src/api/contract/templates';
import type { ChatOperation, OperationName } from '../../src/api/contract/operations';

/**
 * The catalogue's operation a request addresses, from its method and its raw (still percent-encoded)
 * path relative to `/v3`, so an encoded `/` inside a reaction stays one segment. Routed as the service
 * routes: a literal segment matches itself, a parameter any non-empty segment. `undefined`: no such
 * operation (a 404).
 */
export function operationOf(
  method: string,
  rawPath: string,
): ChatOperation<OperationName> | undefined {
  const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const match = matchOperation(wanted, rawPath.split('/').slice(1), anySegment);
  return match.kind === 'operation' ? match.op : undefined;
}
