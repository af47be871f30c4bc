import { screen } from '@testing-library/react';
import { it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend } from '@/testing/test-backend';

it('profile', async () => {
  installTestBackend({ role: 'admin' });
  let t = performance.now();
  const lap = (label: string) => { const n = performance.now(); process.stdout.write(`${label}: ${Math.round(n - t)}ms\n`); t = n; };
  const { user } = renderRoute('/roles/default');
  await screen.findByRole('switch', { name: 'sendMessage' }, { timeout: 10000 });
  lap('render');
  screen.getByRole('switch', { name: 'sendMessage' });
  lap('getByRole switch');
  screen.getByRole('button', { name: 'Reset to default: initiateCall' });
  lap('getByRole button');
  screen.getByLabelText('sendMessage');
  lap('getByLabelText');
  await user.click(screen.getByRole('switch', { name: 'sendMessage' }));
  lap('click');
  await user.click(screen.getByRole('switch', { name: 'initiateCall' }));
  lap('click2');
}, 60000);
