import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend } from '@/testing/test-backend';

it('profile', async () => {
  let t = performance.now();
  const lap = (label: string) => { const n = performance.now(); process.stdout.write(`${label}: ${Math.round(n - t)}ms\n`); t = n; };
  for (let i = 0; i < 2; i++) {
    installTestBackend({ role: 'admin' });
    const { user } = renderRoute('/roles/default');
    await screen.findByRole('tab', { name: 'Controls' }, { timeout: 10000 });
    lap('editor rendered');
    const section = screen.getByRole('region', { name: 'Sending messages' });
    const audio = within(section).getByRole('checkbox', { name: 'audio' });
    lap('query');
    await act(async () => { fireEvent.click(audio); await Promise.resolve(); });
    lap('fireEvent click');
    const video = within(section).getByRole('checkbox', { name: 'video' });
    lap('query2');
    await user.click(video);
    lap('user click');
    within(section).getAllByRole('checkbox', { hidden: true });
    lap('getAll hidden:true');
    within(section).getAllByRole('checkbox');
    lap('getAll');
    document.querySelectorAll('*').length && process.stdout.write(`nodes ${document.querySelectorAll('*').length} sheets ${[...document.styleSheets].reduce((n, s) => n + s.cssRules.length, 0)}\n`);
    cleanup();
  }
}, 60000);
