// How `npm test` runs its steps: alone or several at once, each timed, their output kept readable.
import { spawn } from 'node:child_process';

const started = Date.now();
/** Every step run so far: title, seconds, ok (read by the summary and docs/BENCHMARKS.md). */
export const steps = [];

export function elapsed() {
  return Math.round((Date.now() - started) / 1000);
}

/**
 * Runs one command. With `prefix`, its output is written line by line behind `[prefix]`, so steps
 * that run at the same time stay readable; without, it goes straight to the terminal.
 */
export function runStep(title, command, args, { env = {}, prefix } = {}) {
  process.stdout.write(`\n=== [${elapsed()}s] ${title}\n`);
  const at = Date.now();
  const child = spawn(command, args, {
    stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  if (prefix) {
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`[${prefix}] ${line}\n`);
      });
      stream.on('end', () => rest && process.stdout.write(`[${prefix}] ${rest}\n`));
    }
  }
  return new Promise((resolve) => {
    const finish = (ok) => {
      const step = { title, seconds: (Date.now() - at) / 1000, ok };
      steps.push(step);
      process.stdout.write(`=== [${elapsed()}s] ${ok ? 'done' : 'FAILED'}: ${title}\n`);
      resolve(ok);
    };
    child.on('error', () => finish(false));
    child.on('close', (code) => finish(code === 0));
  });
}
