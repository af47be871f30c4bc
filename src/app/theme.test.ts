import {
  createTheme,
  decomposeColor,
  getContrastRatio,
  recomposeColor,
} from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { themeOptions } from './theme';

/** The colour a person sees: a translucent text colour laid over its background, as axe computes it. */
function over(text: string, background: string): string {
  const fg = decomposeColor(text);
  const bg = decomposeColor(background);
  const a = fg.type === 'rgba' || fg.type === 'hsla' ? (fg.values[3] ?? 1) : 1;
  const values = [0, 1, 2].map((i) => Math.round(fg.values[i]! * a + bg.values[i]! * (1 - a)));
  return recomposeColor({ type: 'rgb', values: values as [number, number, number] });
}

const colors = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;
const schemes = ['light', 'dark'] as const;

describe('contained buttons', () => {
  it.each(schemes.flatMap((scheme) => colors.map((color) => [scheme, color] as const)))(
    'keep AA contrast at rest and on hover (%s %s)',
    (scheme, color) => {
      // Each scheme's palette as the theme derives it (hover shades, text colours).
      const { palette: derived } = createTheme({
        palette: { mode: scheme, ...themeOptions.colorSchemes[scheme].palette },
      });
      const palette = derived[color];
      for (const background of [palette.main, palette.dark]) {
        const text = over(palette.contrastText, background);
        expect(
          getContrastRatio(text, background),
          `${palette.contrastText} on ${background}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    },
  );
});
