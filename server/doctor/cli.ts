import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../emulator/start';
import { readEnv } from '../env';
import { renderReport } from './render';
import { runDoctor } from './run-doctor';

const args = new Set(process.argv.slice(2));
const say = (line: string) => process.stdout.write(`${line}\n`);

if (args.has('--help')) {
  say('Usage: npm run doctor [-- --json]');
  say(
    '  Checks the chat service `npm start` would use (CHAT_APP_ID + CHAT_REGION + CHAT_API_KEY, or',
  );
  say(
    '  CHAT_BASE_URL + CHAT_API_KEY; CHAT_API_KEY_FILE for a key in a file), with GET requests only.',
  );
  say('  Without CHAT_* it checks an embedded emulator with demo data on a temporary directory.');
  say('  --json  print the structured report instead of text');
  say('  Exit code 0 when nothing failed, 1 otherwise.');
  process.exit(0);
}

async function main(): Promise<number> {
  const env = readEnv();
  let target: { baseUrl: string; apiKey: string };
  let cleanup = async () => {};
  if (env.upstream.kind === 'remote') {
    target = env.upstream;
  } else {
    if (!args.has('--json')) {
      say(
        'No chat service configured (CHAT_APP_ID or CHAT_BASE_URL): checking an embedded emulator with demo data.',
      );
      say('To check a real app: CHAT_APP_ID=… CHAT_REGION=us|eu|in CHAT_API_KEY=… npm run doctor');
      say('A running console shows the same report to admins on its "Chat service" page.');
      say('');
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'chat-doctor-'));
    const apiKey = randomBytes(20).toString('hex');
    const emulator = await startEmulator({ port: 0, dataDir, apiKey });
    target = { baseUrl: emulator.url, apiKey };
    cleanup = async () => {
      await emulator.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  try {
    const report = await runDoctor(target);
    say(args.has('--json') ? JSON.stringify(report, null, 2) : renderReport(report));
    return report.ok ? 0 : 1;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
