import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { UserPicker } from '@/components/user-picker';
import { GroupPicker } from '@/features/messages/conversation/group-picker';

const ignore = () => undefined;
const pickers: [string, () => ReactNode][] = [
  ['user picker', () => <UserPicker label="Other user" value={null} onChange={ignore} />],
  ['group picker', () => <GroupPicker value={null} onChange={ignore} />],
];

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

/**
 * Draws `ui` as the browser does, outside `act`: the first commit, then the render after it in a
 * task of its own. `between` runs once the read-only stand-in is in the document, before that next
 * render, as a keyboard user's Tab would.
 */
async function drawWithAMomentBetween(ui: ReactNode, between: (standIn: HTMLElement) => void) {
  const container = document.createElement('div');
  document.body.append(container);
  const standInDrawn = new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      const standIn = container.querySelector<HTMLElement>('input[readonly]');
      if (!standIn) return;
      observer.disconnect();
      between(standIn);
      resolve();
    });
    observer.observe(container, { childList: true, subtree: true });
  });
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  const root = createRoot(container);
  root.render(ui);
  await standInDrawn;
  await screen.findByRole('combobox');
  return () => {
    root.unmount();
    container.remove();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  };
}

/**
 * A picker is drawn first as a read-only stand-in and becomes MUI's Autocomplete in the next render
 * (decision 0064). A keyboard user who tabbed into the stand-in in that moment types on in the
 * picker: focus is carried over.
 */
describe.each(pickers)('the %s drawn before it is ready', (_name, picker) => {
  const draw = () => (
    <QueryClientProvider client={new QueryClient()}>
      {picker()}
      <button type="button">Next</button>
    </QueryClientProvider>
  );

  it('hands its focus to the picker that replaces it', async () => {
    const done = await drawWithAMomentBetween(draw(), (standIn) => standIn.focus());
    try {
      // What the user types next goes into the picker's search (typing is not done here: it would
      // start a search of the service after this test).
      await waitFor(() => expect(screen.getByRole('combobox')).toHaveFocus());
    } finally {
      done();
    }
  });

  it('takes no focus when the stand-in lost it to another element first', async () => {
    const done = await drawWithAMomentBetween(draw(), (standIn) => {
      standIn.focus();
      screen.getByRole('button', { name: 'Next' }).focus();
    });
    try {
      expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
      expect(screen.getByRole('combobox')).not.toHaveFocus();
    } finally {
      done();
    }
  });
});
