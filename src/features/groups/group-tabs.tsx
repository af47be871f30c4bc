import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

/** The pages of one group, as navigation tabs: its members and its banned users. */
export function GroupTabs({ guid, current }: { guid: string; current: 'members' | 'banned' }) {
  return (
    <Tabs
      value={current}
      role="navigation"
      aria-label="Group pages"
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tab
        value="members"
        label="Members"
        component={RouterLink}
        to={paths.groupMembers.href(guid)}
        aria-current={current === 'members' ? 'page' : undefined}
      />
      <Tab
        value="banned"
        label="Banned users"
        component={RouterLink}
        to={paths.groupBanned.href(guid)}
        aria-current={current === 'banned' ? 'page' : undefined}
      />
    </Tabs>
  );
}
