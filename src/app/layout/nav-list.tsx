import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
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
          <div key={section.title}>
            <Typography
              id={headingId}
              component="div"
              variant="overline"
              color="textSecondary"
              sx={{ display: 'block', px: 2, pt: 1.5, lineHeight: 2 }}
            >
              {section.title}
            </Typography>
            <List dense disablePadding aria-labelledby={headingId}>
              {items.map((item) => (
                // A plain item: ListItem would bring its secondary-action slot into the first load.
                <Box component="li" key={item.href} sx={{ display: 'flex', width: '100%' }}>
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
                </Box>
              ))}
            </List>
          </div>
        );
      })}
    </nav>
  );
}
