import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { NavList } from './nav-list';

/** The navigation as a modal drawer on narrow screens; loaded only when first opened. */
export default function MobileDrawer({
  open,
  onClose,
  width,
}: {
  open: boolean;
  onClose: () => void;
  width: number;
}) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      sx={{ '& .MuiDrawer-paper': { width } }}
    >
      <Toolbar />
      <NavList onNavigate={onClose} />
    </Drawer>
  );
}
