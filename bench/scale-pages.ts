import type { Browser, CDPSession, Page } from '@playwright/test';
import { newMeasuredContext } from './page-metrics';
import { percentile, type BenchRow } from './report';
import type { Stack } from './stack';

type State = Parameters<typeof newMeasuredContext>[1];

async function emulator(
  stack: Stack,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
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
  const list = (await emulator(
    stack,
    'GET',
    '/v3/messages?conversationId=group_load-lobby&affix=append&limit=1',
  )) as { data: { id: string }[] };
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
        const next = document.querySelector<HTMLButtonElement>(
          'button[aria-label="Go to next page"]',
        );
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

interface ScrollRun {
  /** requestAnimationFrame deltas, ms. */
  frames: number[];
  /** Most list rows in the DOM at any frame. */
  maxRows: number;
  /** Longest long task (Long Tasks API) while scrolling, ms; 0 when there was none. */
  longestTask: number;
  /** Height of the list's viewport, px. */
  viewport: number;
}

/**
 * Scrolls the reaction list down for 4 s from the top, one step per animation frame, and records the
 * frame deltas. `speed` is either screens per second (each step covers the time since the previous
 * frame, so a late frame scrolls further, as a wheel or a fling would) or a fixed step in px per frame.
 * `{ pxPerFrame: 0 }` measures the page at rest: the floor of the measurement (16.7 ms at 60 Hz).
 */
async function scrollReactions(
  page: Page,
  speed: { screensPerSecond: number } | { pxPerFrame: number },
): Promise<ScrollRun> {
  return page.evaluate(
    (speed) =>
      new Promise<ScrollRun>((resolve, reject) => {
        const region = document.querySelector<HTMLElement>(
          '[role="region"][aria-label="Reaction records"]',
        );
        if (!region) return reject(new Error('no reaction records region'));
        region.scrollTop = 0;
        const viewport = region.clientHeight;
        const longTasks = (window as unknown as { __metrics: { longTasks: [number, number][] } })
          .__metrics.longTasks;
        const frames: number[] = [];
        let maxRows = 0;
        let started = -1;
        let last = 0;
        const step = (now: number) => {
          const first = started < 0;
          if (first) started = now;
          else frames.push(now - last);
          const elapsed = first ? 0 : now - last;
          last = now;
          maxRows = Math.max(maxRows, region.querySelectorAll('li').length);
          const by =
            'pxPerFrame' in speed
              ? speed.pxPerFrame
              : (speed.screensPerSecond * viewport * elapsed) / 1000;
          if (by > 0) region.scrollBy(0, by);
          if (now - started < 4000) return void requestAnimationFrame(step);
          // Long-task entries arrive after the task; one more frame lets the last ones in.
          requestAnimationFrame(() => {
            const during = longTasks
              .filter(([start]) => start >= started)
              .map(([, duration]) => duration);
            resolve({ frames, maxRows, longestTask: Math.max(0, ...during), viewport });
          });
        };
        requestAnimationFrame(step);
      }),
    speed,
  );
}

const runs = 3;

/** Main-thread CPU time of the page so far, ms (Chromium's ThreadTime: time on the CPU, not waiting for it). */
async function threadTime(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN) * 1000;
}

/**
 * Scrolls `runs` times from the top; the figure is the median run's p95, with the range beside it.
 * The main thread's CPU time per frame is given too: unlike frame times, other processes on the
 * machine do not inflate it.
 */
async function scrollRuns(
  page: Page,
  cdp: CDPSession,
  speed: Parameters<typeof scrollReactions>[1],
) {
  const all: ScrollRun[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const before = await threadTime(cdp);
    const run = await scrollReactions(page, speed);
    cpu.push(((await threadTime(cdp)) - before) / run.frames.length);
    all.push(run);
    await page.waitForTimeout(500);
  }
  const p95s = all.map((run) => percentile(run.frames, 95));
  return {
    cpuPerFrame: percentile(cpu, 50),
    p95: percentile(p95s, 50),
    range: `${Math.min(...p95s).toFixed(1)}–${Math.max(...p95s).toFixed(1)} ms over ${runs} runs of 4 s`,
    longestTask: Math.max(...all.map((run) => run.longestTask)),
    maxRows: Math.max(...all.map((run) => run.maxRows)),
    viewport: all[0]?.viewport ?? 0,
  };
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
  rows.push({
    measure: 'Users directory, 100,000 users: page change, click to paint (median of 5)',
    value: p50,
    unit: 'ms',
    anchor: '—',
    goal: '≤ 100 ms',
    met: p50 <= 100,
  });

  await page.goto(`${stack.consoleUrl}/messages/${messageId}`);
  await page
    .getByRole('region', { name: 'Reaction records' })
    .getByRole('listitem')
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const idle = await scrollRuns(page, cdp, { pxPerFrame: 0 });
  // quality-bars F4: 10 screens a second, a screen being the list's viewport (80 px a frame at 60 Hz).
  const user = await scrollRuns(page, cdp, { screensPerSecond: 10 });
  const stress = await scrollRuns(page, cdp, { pxPerFrame: 600 });
  const longTask = (ms: number) =>
    ms > 0 ? `longest long task ${ms.toFixed(0)} ms` : 'no long task';
  rows.push(
    {
      measure: `Reactions list, 100,000 reactions, scrolling 10 screens/s (${Math.round(user.viewport * 10).toLocaleString('en-US')} px/s): p95 frame time (median of ${runs})`,
      value: user.p95,
      unit: 'ms',
      anchor: 'react-admin froze at 1.5k rows (react-admin issue 8075)',
      goal: '≤ 18 ms, no long task > 100 ms',
      met: user.p95 <= 18 && user.longestTask <= 100,
      note: `${user.range}; ${longTask(user.longestTask)}; main thread ${user.cpuPerFrame.toFixed(1)} ms CPU a frame; at rest: p95 ${idle.p95.toFixed(1)} ms, ${idle.cpuPerFrame.toFixed(1)} ms CPU a frame`,
    },
    {
      measure: `Reactions list, stress: scrolling 600 px a frame (36,000 px/s, ${Math.round(36_000 / Math.max(1, user.viewport))} screens/s): p95 frame time (median of ${runs})`,
      value: stress.p95,
      unit: 'ms',
      anchor: '—',
      goal: '—',
      note: `${stress.range}; ${longTask(stress.longestTask)}; main thread ${stress.cpuPerFrame.toFixed(1)} ms CPU a frame`,
    },
    {
      measure: 'Reactions list while scrolling: most rows in the DOM',
      value: Math.max(user.maxRows, stress.maxRows),
      unit: 'rows',
      anchor: 'MUI X DataGrid virtualises ≤ 100 rows',
      anchorValue: 100,
      goal: '≤ 200',
      met: Math.max(user.maxRows, stress.maxRows) <= 200,
    },
  );
  await context.close();
  return rows;
}
