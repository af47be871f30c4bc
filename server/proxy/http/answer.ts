/**
 * An answer as plain parts: the app turns it into a `Response`, the read path writes it straight to
 * Node's response (`server/proxy/api/read-path.ts`).
 */
export interface PlainAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | string | null;
}

/** A JSON answer, typed as Hono's `c.json` types it. */
export const jsonAnswer = (
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): PlainAnswer => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(value),
});

export const answerResponse = (answer: PlainAnswer) =>
  new Response(answer.body, { status: answer.status, headers: answer.headers });
