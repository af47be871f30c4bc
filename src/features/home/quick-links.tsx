import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { OperatorRole } from '@/api/schemas/session';
import { paths } from '@/config/paths';

interface QuickLink {
  label: string;
  href: string;
  what: string;
}

const linksByRole: Record<OperatorRole, QuickLink[]> = {
  moderator: [
    {
      label: 'Review blocked messages',
      href: paths.blocked.href(),
      what: 'approve, reject or delete, by keyboard',
    },
    {
      label: 'Moderation reasons',
      href: paths.reasons.href(),
      what: 'the reasons users pick when they flag',
    },
    { label: 'Find a message', href: paths.messages.href(), what: 'by id, with its reactions' },
    { label: 'Groups and bans', href: paths.groups.href(), what: 'banned users, unban' },
  ],
  admin: [
    {
      label: 'Role permissions',
      href: paths.roles.href(),
      what: 'edit what each end-user role may do',
    },
    { label: 'Users', href: paths.users.href(), what: 'deactivate and reactivate in bulk' },
    { label: 'Operators', href: paths.operators.href(), what: 'console accounts and their roles' },
    { label: 'Audit log', href: paths.audit.href(), what: 'every operator action, filterable' },
    { label: 'Review blocked messages', href: paths.blocked.href(), what: 'the moderation queue' },
  ],
  support: [
    { label: 'Find a message', href: paths.messages.href(), what: 'who reacted, and with what' },
    {
      label: 'Users',
      href: paths.users.href(),
      what: 'notification preferences, mark a conversation delivered',
    },
    { label: 'Groups and bans', href: paths.groups.href(), what: 'look up banned users' },
    { label: 'Blocked messages', href: paths.blocked.href(), what: 'read-only view of the queue' },
  ],
};

/** Where this operator's work usually starts. */
export function QuickLinks({ role, title }: { role: OperatorRole; title: string }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="home-links-title"
      sx={{ p: 2.5 }}
    >
      <Typography variant="h2" id="home-links-title" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {linksByRole[role].map((link) => (
          <li key={link.href + link.label}>
            <Link component={RouterLink} to={link.href} sx={{ fontWeight: 500 }}>
              {link.label}
            </Link>
            <Typography component="span" variant="body2" color="textSecondary">
              {' '}
              — {link.what}
            </Typography>
          </li>
        ))}
      </Typography>
      {role !== 'support' ? (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
          In the queue: <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>a</kbd> approve, <kbd>r</kbd> reject,{' '}
          <kbd>d</kbd> delete, <kbd>?</kbd> all shortcuts.
        </Typography>
      ) : null}
    </Paper>
  );
}
