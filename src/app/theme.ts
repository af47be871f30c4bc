import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';

/** The one theme module: light and dark schemes as CSS variables, component defaults in one place. */
export const themeOptions = {
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#3949ab' },
        secondary: { main: '#00796b' },
        // Darker than the default so warning text (chips, outlined buttons) keeps AA contrast on white.
        warning: { main: '#b45309' },
        // Darker than the default so white text on contained info buttons keeps AA contrast.
        info: { main: '#0277bd' },
        background: { default: '#f6f7fb' },
      },
    },
    dark: {
      palette: {
        // Contained buttons take `dark` on hover: the derived shades (main darkened by a fifth) leave
        // the dark text under AA contrast, so each hover shade is set a little lighter.
        primary: { main: '#9fa8ff', dark: '#8790f0' },
        secondary: { main: '#4db6ac', dark: '#3fa89e' },
        // Lighter than the default so dark text on contained error buttons keeps AA contrast.
        error: { main: '#ff8a80', dark: '#e57373' },
        background: { default: '#101218', paper: '#171a22' },
      },
    },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.6rem', fontWeight: 600 },
    h2: { fontSize: '1.25rem', fontWeight: 600 },
    h3: { fontSize: '1.05rem', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { size: 'small' } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
    MuiTooltip: { defaultProps: { arrow: true } },
  },
} satisfies ThemeOptions;
const options: ThemeOptions = themeOptions;

let standard: Theme | undefined;
let reducedMotion: Theme | undefined;

/**
 * The theme, made when the first render asks for it rather than when the entry is evaluated: making
 * it (the CSS variables of both schemes) is a good part of the entry's evaluation, which would
 * otherwise be one long task.
 */
export function standardTheme(): Theme {
  standard ??= createTheme(options);
  return standard;
}

/**
 * The theme for operators whose system asks for reduced motion (`prefers-reduced-motion: reduce`):
 * dialogs, menus, drawers and tooltips appear and leave at once, and buttons show focus with an
 * outline instead of the pulsing ripple (WCAG 2.3.3). Made once, when first asked for.
 */
export function reducedMotionTheme(): Theme {
  reducedMotion ??= createTheme({
    ...options,
    transitions: {
      create: () => 'none',
      duration: {
        shortest: 0,
        shorter: 0,
        short: 0,
        standard: 0,
        complex: 0,
        enteringScreen: 0,
        leavingScreen: 0,
      },
    },
    // MUI's own focus ring (outline, inset where a parent clips) instead of the focus ripple.
    focusVisible: true,
    components: {
      ...options.components,
      MuiButtonBase: { defaultProps: { disableRipple: true } },
    },
  });
  return reducedMotion;
}
