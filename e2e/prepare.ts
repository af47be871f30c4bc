import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { e2eEnv, operators } from './env';

// A fresh data dir per run, and operator accounts created the way an admin would: with the CLI,
// with passwords that are already their own (no change at first sign-in).
rmSync(e2eEnv.dir, { recursive: true, force: true });
mkdirSync(e2eEnv.dataDir, { recursive: true });
for (const operator of Object.values(operators)) {
  execFileSync(
    'npx',
    [
      'tsx',
      'server/proxy/operator-cli.ts',
      'add',
      operator.username,
      '--role',
      operator.role,
      '--own-password',
    ],
    {
      input: `${operator.password}\n`,
      env: { ...process.env, CONSOLE_DATA_DIR: e2eEnv.dataDir },
      stdio: ['pipe', 'ignore', 'inherit'],
    },
  );
}
