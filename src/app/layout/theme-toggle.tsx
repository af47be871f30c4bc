import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';

/** Follows the system until the operator picks a scheme; MUI persists the choice in localStorage. */
export function ThemeToggle() {
  const { mode, systemMode, setMode } = useColorScheme();
  const current = mode === 'system' ? systemMode : mode;
  const next = current === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;
  // A native title instead of a Tooltip keeps the popper code out of the first load.
  return (
    <IconButton color="inherit" aria-label={label} title={label} onClick={() => setMode(next)}>
      {current === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
    </IconButton>
  );
}
