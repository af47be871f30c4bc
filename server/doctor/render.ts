import type {
  ChatServiceReport,
  CheckStatus,
  DoctorCheck,
} from '../../src/api/schemas/chat-service';

export const statusMarks: Readonly<Record<CheckStatus, string>> = {
  pass: '✓',
  warn: '!',
  fail: '✗',
  skip: '–',
};

function lines(checks: readonly DoctorCheck[]): string[] {
  const width = Math.max(0, ...checks.map((c) => c.title.length));
  const out: string[] = [];
  for (const check of checks) {
    out.push(`  ${statusMarks[check.status]} ${check.title.padEnd(width)}  ${check.detail}`);
    if (check.hint && (check.status === 'fail' || check.status === 'warn')) {
      out.push(`  ${' '.repeat(width + 4)}→ ${check.hint}`);
    }
  }
  return out;
}

/**
 * The report as text: ✓ / ✗ / ! / – lines per check with hints under problems, then the verdict.
 * Holds only what the report holds: no key, no value from the service's answers.
 */
export function renderReport(report: ChatServiceReport): string {
  const connection = report.checks.filter((c) => c.group === 'connection');
  const reads = report.checks.filter((c) => c.group === 'reads');
  const out = [`Chat service: ${report.target.baseUrl}`, '', 'Connection', ...lines(connection)];
  const first = reads[0];
  if (first && reads.every((c) => c.status === 'skip' && c.detail === first.detail)) {
    out.push(
      '',
      'Reads the console makes',
      `  ${statusMarks.skip} all ${reads.length} reads  ${first.detail}`,
    );
  } else if (reads.length > 0) {
    out.push('', 'Reads the console makes', ...lines(reads));
  }
  out.push('', `${report.ok ? '✓' : '✗'} ${report.verdict}`, '');
  return out.join('\n');
}

/** Only the failed checks with their hints, for a refusal to start. */
export function renderProblems(report: ChatServiceReport): string {
  return report.checks
    .filter((c) => c.status === 'fail')
    .map((c) => `✗ ${c.title}: ${c.detail}${c.hint ? `\n  → ${c.hint}` : ''}`)
    .join('\n');
}
