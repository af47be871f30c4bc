import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import OutlinedFlag from '@mui/icons-material/OutlinedFlag';
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import type { ReactNode } from 'react';
import type { Capability } from '@/config/capabilities';
import { paths } from '@/config/paths';

export interface NavItem {
  label: string;
  href: string;
  icon: ReactNode;
  end?: boolean;
  /** Hidden for operators without this capability. */
  requires?: Capability;
}

export const navSections: { title: string; items: NavItem[] }[] = [
  {
    title: 'Overview',
    items: [{ label: 'Home', href: paths.home.href(), icon: <HomeOutlined />, end: true }],
  },
  {
    title: 'Moderation',
    items: [
      { label: 'Blocked messages', href: paths.blocked.href(), icon: <GavelOutlined /> },
      { label: 'Flagged messages', href: paths.flagged.href(), icon: <OutlinedFlag /> },
      { label: 'Reasons', href: paths.reasons.href(), icon: <LabelOutlined /> },
      {
        label: 'Insights',
        href: paths.insights.href(),
        icon: <InsightsOutlined />,
        requires: 'readInsights',
      },
      { label: 'Messages', href: paths.messages.href(), icon: <ChatOutlined /> },
    ],
  },
  {
    title: 'Directory',
    items: [
      { label: 'Users', href: paths.users.href(), icon: <PeopleOutlined /> },
      { label: 'Groups', href: paths.groups.href(), icon: <GroupsOutlined /> },
      { label: 'Roles', href: paths.roles.href(), icon: <ShieldOutlined /> },
    ],
  },
  {
    title: 'Console',
    items: [
      {
        label: 'Audit log',
        href: paths.audit.href(),
        icon: <HistoryOutlined />,
        requires: 'readAudit',
      },
      {
        label: 'Operators',
        href: paths.operators.href(),
        icon: <AdminPanelSettingsOutlined />,
        requires: 'manageOperators',
      },
      {
        label: 'Chat service',
        href: paths.chatService.href(),
        icon: <CloudDoneOutlined />,
        requires: 'checkChatService',
      },
    ],
  },
];
