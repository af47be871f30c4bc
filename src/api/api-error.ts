/** A failed call: the chat API's error envelope (or the console server's, same shape) as an exception. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, string[]> | undefined;
  /** Seconds to wait before retrying, from `Retry-After` (429/503). */
  readonly retryAfter: number | undefined;
  /**
   * For a console 502/504 (`details.outcome`): `failed` when nothing reached the chat service, `unknown`
   * when the call was sent and no definite answer came back, so the service may have applied it.
   */
  readonly outcome: 'failed' | 'unknown' | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    details?: Record<string, string[]> | undefined;
    retryAfter?: number | undefined;
    outcome?: 'failed' | 'unknown' | undefined;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.retryAfter = init.retryAfter;
    this.outcome = init.outcome;
  }
}
