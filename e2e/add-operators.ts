import { execFileSync } from 'node:child_process';
import { operators } from './env';

/**
 * The stack's operator accounts, created the way an admin would: with the CLI, with passwords that
 * are already their own (no change at first sign-in). `storeEnv` says which store the CLI writes.
 */
export function addOperators(storeEnv: Record<string, string>): void {
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
        env: { ...process.env, ...storeEnv },
        stdio: ['pipe', 'ignore', 'inherit'],
      },
    );
  }
}
