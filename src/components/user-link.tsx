import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

interface Props {
  uid: string;
  /** The text instead of the uid (a name). */
  children?: string | undefined;
  /**
   * A plain anchor with this class, styled by its container (a paged table's cells, the reaction
   * rows): no MUI component per row.
   */
  className?: string | undefined;
  'aria-label'?: string | undefined;
}

/**
 * A uid as a link to the user's overview: every uid the console shows goes through here, so each one
 * leads to the user.
 */
export function UserLink({ uid, children, className, 'aria-label': label }: Props) {
  const to = paths.user.href(uid);
  if (className !== undefined)
    return (
      <RouterLink className={className} to={to} aria-label={label}>
        {children ?? uid}
      </RouterLink>
    );
  return (
    <Link component={RouterLink} to={to} aria-label={label}>
      {children ?? uid}
    </Link>
  );
}

/** Uids as links, separated by commas. */
export function UserLinks({ uids, className }: { uids: readonly string[]; className?: string }) {
  return uids.map((uid, index) => (
    <span key={uid}>
      {index > 0 ? ', ' : ''}
      <UserLink uid={uid} className={className} />
    </span>
  ));
}
