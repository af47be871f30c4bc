import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { describeError } from '@/api/errors';
import { AuditTargetsText } from '@/components/audit-targets';
import { auditQueries } from '@/api/queries/audit';
import { chatOperations } from '@/api/contract/operations';
import type { AuditEntry, AuditOutcome } from '@/api/schemas/console';
import { paths } from '@/config/paths';
import { formatRelative } from '@/utils/format';
import { formatTargets } from '@/utils/format-targets';

/** What an operator did in the console itself. */
const consoleVerbs = {
  'auth.login': 'signed in',
  'auth.logout': 'signed out',
  'auth.one-time': 'signed in with a one-time link',
  'operators.add': 'added an operator',
};

/** What an operator did at the chat service: every write's entry in the catalogue words it. */
const verbs: Readonly<Record<string, string>> = {
  ...consoleVerbs,
  ...Object.fromEntries(chatOperations.flatMap((op) => (op.words ? [[op.name, op.words]] : []))),
};

const endings: Record<AuditOutcome, string> = {
  ok: '',
  refused: ' — refused by the chat service',
  failed: ' — failed, not sent',
  unknown: ' — outcome unknown, check it',
  denied: ' — refused',
  pending: ' — in progress',
};

function Entry({ entry }: { entry: AuditEntry }) {
  const seconds = Math.floor(new Date(entry.at).getTime() / 1000);
  return (
    <li>
      <Typography variant="body2">
        <strong>{entry.operator ?? 'someone'}</strong> {verbs[entry.action] ?? entry.action}
        {formatTargets(entry.targets) ? (
          <>
            {' ('}
            <AuditTargetsText targets={entry.targets} />)
          </>
        ) : null}
        {endings[entry.outcome]}
      </Typography>
      <Typography variant="caption" color="textSecondary">
        <time dateTime={entry.at}>{formatRelative(seconds)}</time>
      </Typography>
    </li>
  );
}

/** The first page of the audit trail, newest first: the latest operator actions. */
export const recentParams = { page: 1, perPage: 6 };

/** The last few things operators did, from the console's audit trail (admins only). */
export function RecentActions() {
  const recent = useQuery({
    ...auditQueries.list(recentParams),
    select: (answer) => answer.data,
    staleTime: 0,
  });
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="home-recent-title"
      sx={{ p: 2.5 }}
    >
      <Typography variant="h2" id="home-recent-title" sx={{ mb: 1 }}>
        Recent operator actions
      </Typography>
      {recent.isPending ? (
        <Typography color="textSecondary">Loading…</Typography>
      ) : recent.isError ? (
        <Typography color="error">
          The audit trail could not be read: {describeError(recent.error)}
        </Typography>
      ) : recent.data.length === 0 ? (
        <Typography color="textSecondary">No operator has changed anything yet.</Typography>
      ) : (
        <Typography component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
          {recent.data.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </Typography>
      )}
      <Link component={RouterLink} to={paths.audit.href()} sx={{ display: 'inline-block', mt: 2 }}>
        Open the audit log
      </Link>
    </Paper>
  );
}
