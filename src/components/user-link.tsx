import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

/** A uid as a link to the user's overview; `children` replaces the uid as the text (a name). */
export function UserLink({ uid, children }: { uid: string; children?: string }) {
  return (
    <Link component={RouterLink} to={paths.user.href(uid)}>
      {children ?? uid}
    </Link>
  );
}
