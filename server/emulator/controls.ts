import { ChatApiError } from './http-errors';

export interface Fault {
  method: string;
  /** A route template (`/messages/:id`) or a path prefix (`/moderation`), relative to `/v3`. */
  path: string;
  status: number;
  remaining: number;
  retryAfter?: number;
  code?: string;
}

const defaultCodes: Record<number, string> = {
  400: 'ERR_BAD_REQUEST',
  401: 'AUTH_ERR_APIKEY_NOT_FOUND',
  403: 'AUTH_ERR_NO_ACCESS',
  404: 'ERR_API_NOT_FOUND',
  429: 'ERR_TOO_MANY_REQUESTS',
};

function matches(fault: Fault, method: string, path: string): boolean {
  if (fault.method !== '*' && fault.method.toUpperCase() !== method.toUpperCase()) return false;
  const pattern = fault.path.replace(/^\/v3(?=\/|$)/, '') || '/';
  if (!pattern.includes('/:'))
    return (
      path === pattern ||
      path.startsWith(pattern.endsWith('/') ? pattern : `${pattern}/`) ||
      pattern === '/'
    );
  const want = pattern.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((segment, i) => segment.startsWith(':') || segment === got[i])
  );
}

/** Mutable test controls of one emulator app: injected latency and queued faults. */
export class EmulatorControls {
  latencyMs = 0;
  private faults: Fault[] = [];

  addFault(fault: Fault): void {
    this.faults.push(fault);
  }

  clearFaults(): void {
    this.faults = [];
  }

  /** Consumes one matching fault, if any, and returns the error to answer with. */
  takeFault(method: string, path: string): ChatApiError | undefined {
    const fault = this.faults.find((f) => f.remaining > 0 && matches(f, method, path));
    if (!fault) return undefined;
    fault.remaining -= 1;
    this.faults = this.faults.filter((f) => f.remaining > 0);
    const code = fault.code ?? defaultCodes[fault.status] ?? 'ERR_MISSION_FAILED';
    const headers: Record<string, string> =
      fault.retryAfter === undefined ? {} : { 'Retry-After': String(fault.retryAfter) };
    return new ChatApiError(
      fault.status,
      code,
      `Emulated failure (${fault.status}).`,
      undefined,
      headers,
    );
  }
}
