import type { Browser, Page } from '@playwright/test';
import { newMeasuredContext } from './page-metrics';
import { percentile, type BenchRow } from './report';
import type { Stack } from './stack';

type State = Parameters<typeof newMeasuredContext>[1];

async function emulator(stack: Stack, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${stack.emulatorUrl}${path}`, {
    method,
    headers: { apikey: stack.apiKey, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
  return response.json();
}

/** Seeds the large data set (100,000 users, 1,000,000 messages, 100,000 reactions on one message). */
export async function seedLarge(stack: Stack): Promise<string> {
  await emulator(stack, 'POST', '/__emulator/seed', { kind: 'large' });
  const list = (await emulator(stack, 'GET', '/v3/messages?conversationId=group_load-lobby&affix=append&limit=1')) as { data: { id: string }[] };
  const id = list.data[0]?.id;
  if (!id) throw new Error('the large seed has no lobby message');
  return id;
}

/** Click "next page" in the users directory and time it until the new first row is painted. */
async function usersPageChange(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const table = document.querySelector('table[aria-label="Users"]');
        const next = document.querySelector<HTMLButtonElement>('button[aria-label="Go to next page"]');
        const firstRow = () => table?.querySelector('tbody tr')?.textContent ?? '';
        if (!table || !next) return reject(new Error('no users table or next-page button'));
        const before = firstRow();
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (firstRow() === before) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
        });
        observer.observe(table, { subtree: true, childList: true, characterData: true });
        next.click();
      }),
  );
}

/** Scrolls the reaction list for ~4 s, one step per frame; returns frame times and the most rows seen in the DOM. */
async function scrollReactions(page: Page): Promise<{ frames: number[]; maxRows: number }> {
  return page.evaluate(
    () =>
      new Promise<{ frames: number[]; maxRows: number }>((resolve, reject) => {
        const region = document.querySelector<HTMLElement>('[role="region"][aria-label="Reaction records"]');
        if (!region) return reject(new Error('no reaction records region'));
        const frames: number[] = [];
        let maxRows = 0;
        let last = performance.now();
        const end = last + 4000;
        const step = (now: number) => {
          frames.push(now - last);
          last = now;
          maxRows = Math.max(maxRows, region.querySelectorAll('li').length);
          region.scrollBy(0, 600);
          if (now < end) requestAnimationFrame(step);
          else resolve({ frames: frames.slice(1), maxRows });
        };
        requestAnimationFrame(step);
      }),
  );
}

export async function scaleRows(browser: Browser, stack: Stack, state: State): Promise<BenchRow[]> {
  const messageId = await seedLarge(stack);
  const context = await newMeasuredContext(browser, state);
  const page = await context.newPage();
  const rows: BenchRow[] = [];

  await page.goto(`${stack.consoleUrl}/users?perPage=100`);
  await page.getByRole('table', { name: 'Users' }).locator('tbody tr').first().waitFor();
  await page.waitForLoadState('networkidle');
  const changes: number[] = [];
  for (let i = 0; i < 5; i++) changes.push(await usersPageChange(page));
  const p50 = percentile(changes, 50);
  rows.push({ measure: 'Users directory, 100,000 users: page change, click to paint (median of 5)', value: p50, unit: 'ms', anchor: '—', goal: '≤ 100 ms', met: p50 <= 100 });

  await page.goto(`${stack.consoleUrl}/messages/${messageId}`);
  await page.getByRole('region', { name: 'Reaction records' }).getByRole('listitem').first().waitFor();
  const scroll = await scrollReactions(page);
  const p95 = percentile(scroll.frames, 95);
  rows.push(
    { measure: 'Reactions list, 100,000 reactions, scrolling: p95 frame time', value: p95, unit: 'ms', anchor: 'react-admin froze at 1.5k rows (react-admin issue 8075)', goal: '≤ 18 ms', met: p95 <= 18 },
    { measure: 'Reactions list while scrolling: most rows in the DOM', value: scroll.maxRows, unit: 'rows', anchor: 'MUI X DataGrid virtualises ≤ 100 rows', anchorValue: 100, goal: '≤ 200', met: scroll.maxRows <= 200 },
  );
  await context.close();
  return rows;
}
