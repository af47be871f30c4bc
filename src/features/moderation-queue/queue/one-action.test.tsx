import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';

const patches = (backend: TestBackend) =>
  backend.requests.filter((r) => r.method === 'PATCH').map((r) => r.path);

async function openQueue() {
  const view = renderRoute('/moderation/blocked');
  const list = await screen.findByRole('listbox', { name: 'Blocked messages' });
  return { ...view, list };
}

describe('One decision per gesture in the queue', () => {
  it('rejects one message on a double-click of Reject, and names it', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { list, user } = await openQueue();
    list.focus();
    await user.keyboard('j');
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-187');
    // Both clicks of a double-click arrive before the page can re-render, as in a browser.
    const reject = screen.getByRole('button', { name: 'Reject' });
    fireEvent.click(reject, { detail: 1 });
    fireEvent.click(reject, { detail: 2 });
    expect(
      await screen.findByText('Rejected message 187 from Ethan Brooks: it stays blocked.'),
    ).toBeInTheDocument();
    expect(patches(backend)).toEqual(['/moderation/blocked-messages/187']);
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-182');
  });

  it('rejects one message when r is pressed twice quickly', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { list, user } = await openQueue();
    list.focus();
    await user.keyboard('j');
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-187');
    fireEvent.keyDown(list, { key: 'r' });
    fireEvent.keyDown(list, { key: 'r' });
    expect(
      await screen.findByText('Rejected message 187 from Ethan Brooks: it stays blocked.'),
    ).toBeInTheDocument();
    expect(patches(backend)).toEqual(['/moderation/blocked-messages/187']);
  });

  it('rejects one message when the second r comes after the first was answered, within the gesture', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { list, user } = await openQueue();
    list.focus();
    await user.keyboard('j');
    const pressR = (at: number) => {
      const event = new KeyboardEvent('keydown', { key: 'r', bubbles: true, cancelable: true });
      Object.defineProperty(event, 'timeStamp', { value: at });
      list.dispatchEvent(event);
    };
    pressR(10_000);
    expect(
      await screen.findByText('Rejected message 187 from Ethan Brooks: it stays blocked.'),
    ).toBeInTheDocument();
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-182');
    // A slow double press: the first rejection is done and the cursor is on the next message.
    pressR(10_300);
    pressR(10_450);
    // Time for a decision to start: the cursor would move on with it, and its PATCH leave.
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-182');
    expect(patches(backend)).toEqual(['/moderation/blocked-messages/187']);
    // Once the gesture is over, r decides the message the cursor is on.
    pressR(11_200);
    expect(
      await screen.findByText(/^Rejected message 182 from .+: it stays blocked\.$/),
    ).toBeInTheDocument();
    expect(patches(backend)).toEqual([
      '/moderation/blocked-messages/187',
      '/moderation/blocked-messages/182',
    ]);
  });

  it('says before a reject that the service cannot undo it', async () => {
    installTestBackend({ role: 'moderator' });
    await openQueue();
    expect(screen.getByRole('button', { name: 'Reject' })).toHaveAccessibleDescription(
      'A reject cannot be undone: the service has no way back to the queue.',
    );
  });
});
