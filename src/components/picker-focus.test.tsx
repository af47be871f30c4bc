import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { UserPicker } from '@/components/user-picker';
import type * as FirstCommit from '@/hooks/use-after-first-commit';
import { GroupPicker } from '@/features/messages/conversation/group-picker';

/** Whether the pickers are past their first commit: held by the test, so it can act in between. */
const state = vi.hoisted(() => ({ ready: false }));
vi.mock('@/hooks/use-after-first-commit', async (original) => ({
  ...(await original<typeof FirstCommit>()),
  useAfterFirstCommit: () => state.ready,
}));

const ignore = () => undefined;
const pickers: [string, () => ReactNode][] = [
  ['user picker', () => <UserPicker label="Other user" value={null} onChange={ignore} />],
  ['group picker', () => <GroupPicker value={null} onChange={ignore} />],
];

/**
 * A picker is drawn first as a read-only stand-in and becomes MUI's Autocomplete in the next render
 * (decision 0064). A keyboard user who tabbed into the stand-in in that moment types on in the
 * picker: focus is carried over.
 */
describe.each(pickers)('the %s drawn before it is ready', (_name, picker) => {
  const client = new QueryClient();
  const draw = () => (
    <QueryClientProvider client={client}>
      {picker()}
      <button type="button">Next</button>
    </QueryClientProvider>
  );

  it('hands its focus to the picker that replaces it', async () => {
    state.ready = false;
    const { rerender } = render(draw());
    await userEvent.tab();
    const standIn = screen.getByRole('textbox');
    expect(standIn).toHaveFocus();
    // Chrome blurs the stand-in as it is taken out, nothing taking focus; jsdom does not.
    fireEvent.blur(standIn, { relatedTarget: null });
    state.ready = true;
    rerender(draw());
    const combobox = screen.getByRole('combobox');
    expect(combobox).toHaveFocus();
    await userEvent.keyboard('lu');
    expect(combobox).toHaveValue('lu');
  });

  it('takes no focus when the stand-in had none', async () => {
    state.ready = false;
    const { rerender } = render(draw());
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    state.ready = true;
    rerender(draw());
    expect(screen.getByRole('combobox')).not.toHaveFocus();
  });
});
