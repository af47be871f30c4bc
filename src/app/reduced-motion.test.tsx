import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { AppProvider } from './provider';

function Probe() {
  const theme = useTheme();
  return (
    <>
      <p>leaving {theme.transitions.duration.leavingScreen} ms</p>
      <Button>Save</Button>
    </>
  );
}

/** Renders the app's providers on a system that does or does not ask for reduced motion, then presses a button. */
async function pressButtonWithMotion(reduce: boolean) {
  const answer = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
    ...answer(query),
    matches: query.includes('prefers-reduced-motion: reduce') ? reduce : false,
  }));
  render(
    <AppProvider client={createQueryClient()}>
      <Probe />
    </AppProvider>,
  );
  const button = screen.getByRole('button', { name: 'Save' });
  await userEvent.setup().pointer({ keys: '[MouseLeft>]', target: button });
  expect(button).toHaveFocus();
  return button;
}

describe('Reduced motion', () => {
  it('keeps transitions and the ripple when the system does not ask for less motion', async () => {
    const button = await pressButtonWithMotion(false);
    expect(screen.getByText('leaving 195 ms')).toBeInTheDocument();
    expect(button.querySelector('.MuiTouchRipple-ripple')).not.toBeNull();
  });

  it('drops transitions and the pulsing ripple when the system asks for reduced motion', async () => {
    const button = await pressButtonWithMotion(true);
    expect(screen.getByText('leaving 0 ms')).toBeInTheDocument();
    expect(button.querySelector('.MuiTouchRipple-root')).toBeNull();
  });
});
