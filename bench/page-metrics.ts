import type { Browser, BrowserContext, Page } from '@playwright/test';

/** Web-vitals style figures read in the page: LCP, TBT (long tasks after FCP, minus 50 ms each), CLS. */
export interface PageMetrics {
  lcp: number;
  tbt: number;
  cls: number;
}

/** Installed before any page script runs: buffers the entries the metrics need. */
export const collectorScript = `
  // tsx keeps function names with a helper the page does not have; functions passed to evaluate() need it.
  window.__name = (fn) => fn;
  window.__metrics = { lcp: 0, fcp: 0, longTasks: [], cls: 0, events: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__metrics.lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__metrics.fcp = e.startTime; })
    .observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__metrics.longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__metrics.cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__metrics.events.push([e.name, e.duration]); })
    .observe({ type: 'event', buffered: true, durationThreshold: 16 });
`;

interface RawMetrics {
  lcp: number;
  fcp: number;
  longTasks: [number, number][];
  cls: number;
  events: [string, number][];
}

export async function newMeasuredContext(
  browser: Browser,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
) {
  const context = await browser.newContext({
    storageState,
    viewport: { width: 1366, height: 900 },
  });
  await context.addInitScript(collectorScript);
  return context;
}

export async function readRaw(page: Page): Promise<RawMetrics> {
  return page.evaluate(() => (window as unknown as { __metrics: RawMetrics }).__metrics);
}

/** Loads `url` in a fresh context, waits for `ready` to be visible and the network to settle, reads the metrics. */
export async function measureLoad(
  browser: Browser,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
  url: string,
  ready: string,
): Promise<PageMetrics> {
  const context = await newMeasuredContext(browser, storageState);
  const page = await context.newPage();
  await page.goto(url);
  await page.locator(ready).first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const raw = await readRaw(page);
  await context.close();
  const tbt = raw.longTasks
    .filter(([start]) => start >= raw.fcp)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  return { lcp: raw.lcp, tbt, cls: raw.cls };
}
