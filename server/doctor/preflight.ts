import { renderProblems } from './render';
import { runDoctor, type DoctorOptions } from './run-doctor';

export type Preflight = { ok: true; summary: string } | { ok: false; message: string };

/**
 * The check `npm start` makes before serving a real service: configuration, DNS, TCP/TLS and one
 * GET with the key. A console that cannot work is not started; the message says what is wrong.
 */
export async function preflightChatService(opts: DoctorOptions): Promise<Preflight> {
  const report = await runDoctor({ ...opts, scope: 'key' });
  if (report.ok) {
    const key = report.checks.find((c) => c.id === 'key');
    return { ok: true, summary: `API key: ${key?.detail ?? 'accepted.'}` };
  }
  return {
    ok: false,
    message: [
      `The chat service at ${report.target.baseUrl} cannot be used, so the console does not start:`,
      renderProblems(report),
      'Fix the configuration (CHAT_APP_ID, CHAT_REGION, CHAT_API_KEY / CHAT_API_KEY_FILE or CHAT_BASE_URL); `npm run doctor` prints the full report.',
    ].join('\n'),
  };
}
