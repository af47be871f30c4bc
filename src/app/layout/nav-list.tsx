import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { NavLink } from 'react-router';
import { useOperator } from '@/features/auth/use-session';
import { navSections } from './nav-items';

export function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const operator = useOperator();
  return (
    <nav aria-label="Main">
      {navSections.map((section) => {
        const items = section.items.filter((item) => !item.requires || operator.can(item.requires));
        if (items.length === 0) return null;
        const headingId = `nav-${section.title.toLowerCase()}`;
        return (
          <List
            key={section.title}
            dense
            aria-labelledby={headingId}
            subheader={
              <ListSubheader id={headingId} component="div" sx={{ bgcolor: 'transparent', lineHeight: '32px' }}>
                {section.title}
              </ListSubheader>
            }
          >
            {items.map((item) => (
              <ListItem key={item.href} disablePadding>
                <ListItemButton
                  component={NavLink}
                  to={item.href}
                  end={item.end}
                  onClick={onNavigate}
                  sx={{
                    borderRadius: 1,
                    mx: 1,
                    '&.active': { bgcolor: 'action.selected', fontWeight: 600 },
                  }}
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>{item.icon}</ListItemIcon>
                  <ListItemText primary={item.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        );
      })}
    </nav>
  );
}
