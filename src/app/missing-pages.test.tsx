import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend } from '@/testing/test-backend';

/** The page says what is missing, offers the way back and nothing to act on or retry. */
async function expectMissing(heading: string, what: string, back: string) {
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  expect(screen.getByText(what)).toBeInTheDocument();
  const main = within(screen.getByRole('main'));
  expect(main.getByRole('link', { name: back })).toBeInTheDocument();
  // The app's own chrome (navigation, account menu) stays; the page itself offers no button.
  expect(main.queryAllByRole('button')).toEqual([]);
}

describe('Addresses of things that do not exist', () => {
  it('says there is no such message for an id the service cannot have, and asks nobody', async () => {
    const backend = installTestBackend({ role: 'admin' });
    renderRoute('/messages/abc');
    await expectMissing('Message not found', 'No message “abc”', 'Messages');
    expect(screen.queryByText(/does not know this address/)).not.toBeInTheDocument();
    expect(backend.requests).toEqual([]);
  });

  it('says there is no such message when the service has none with that id', async () => {
    installTestBackend({ role: 'admin' });
    renderRoute('/messages/999999');
    await expectMissing('Message not found', 'No message “999999”', 'Messages');
    expect(screen.queryByRole('button', { name: 'Delete…' })).not.toBeInTheDocument();
  });

  it('offers no ban on a group that does not exist', async () => {
    installTestBackend({ role: 'admin' });
    renderRoute('/groups/no-such-group/banned');
    await expectMissing('Group not found', 'No group “no-such-group”', 'All groups');
    expect(screen.queryByRole('button', { name: 'Ban a user…' })).not.toBeInTheDocument();
  });

  it('offers nothing on a user that does not exist', async () => {
    installTestBackend({ role: 'admin' });
    renderRoute('/users/no-such-user');
    await expectMissing('User not found', 'No user “no-such-user”', 'All users');
  });

  it('asks nobody about a uid or guid the service cannot have, followed inside the app', async () => {
    const backend = installTestBackend({ role: 'admin' });
    const { router } = renderRoute('/users/a%2Fb');
    await expectMissing('User not found', 'No user “a/b”', 'All users');
    await router.navigate('/groups/..%2Fusers/banned');
    await expectMissing('Group not found', 'No group “../users”', 'All groups');
    expect(backend.requests).toEqual([]);
  });
});
