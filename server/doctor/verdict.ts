import type { DoctorCheck } from '../../src/api/schemas/chat-service';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One sentence on the whole run: usable or not, and the first thing to fix. */
export function verdictOf(checks: readonly DoctorCheck[]): { ok: boolean; verdict: string } {
  const failed = checks.filter((c) => c.status === 'fail');
  const warned = checks.filter((c) => c.status === 'warn');
  const skipped = checks.filter((c) => c.status === 'skip').length;
  const first = failed.find((c) => c.group === 'connection');
  if (first) return { ok: false, verdict: `Not usable: ${first.detail}` };
  if (failed.length > 0) {
    const reads = checks.filter((c) => c.group === 'reads' && c.status !== 'skip').length;
    return {
      ok: false,
      verdict: `Partly usable: ${failed.length} of ${plural(reads, 'read')} failed; the pages that use them will show errors.`,
    };
  }
  const passed = checks.length - warned.length - skipped;
  const tail = skipped ? ` (${skipped} skipped)` : '';
  if (warned.length > 0) {
    return {
      ok: true,
      verdict: `Usable, with ${plural(warned.length, 'warning')}: ${warned.map((c) => c.title).join(', ')}${tail}.`,
    };
  }
  return { ok: true, verdict: `Ready: ${plural(passed, 'check')} passed${tail}.` };
}
