import { Readable, Writable } from 'node:stream';
import { runOperatorCli } from '../server/proxy/operator-cli';
import { operators } from './env';

/**
 * The stack's operator accounts, created the way an admin would: with the CLI's command, with
 * passwords that are already their own (no change at first sign-in). `storeEnv` says which store it
 * writes. The command runs in this process: one start instead of one `npx tsx` per operator.
 */
export async function addOperators(storeEnv: Record<string, string>): Promise<void> {
  for (const operator of Object.values(operators)) {
    const errors: string[] = [];
    const code = await runOperatorCli(
      ['add', operator.username, '--role', operator.role, '--own-password'],
      {
        stdin: Readable.from([`${operator.password}\n`]),
        stdout: new Writable({ write: (_chunk, _encoding, done) => done() }),
        stderr: new Writable({
          write: (chunk, _encoding, done) => {
            errors.push(String(chunk));
            done();
          },
        }),
        env: { ...process.env, ...storeEnv },
      },
    );
    if (code !== 0) throw new Error(`adding operator ${operator.username}: ${errors.join('')}`);
  }
}
