import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { startEmulator, strictFromEnv } from './start';

const say = (line: string) => process.stdout.write(`${line}\n`);
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const envSchema = z.object({
  EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  EMULATOR_API_KEY: z
    .string()
    .min(8, { error: 'EMULATOR_API_KEY must be at least 8 characters.' })
    .optional(),
  EMULATOR_DATA_DIR: z.string().min(1).default('./data/emulator'),
  EMULATOR_ADMIN: z.enum(['0', '1', 'true', 'false']).optional(),
  EMULATOR_RATE_LIMIT: z.coerce.number().int().min(1).optional(),
  EMULATOR_STRICT: z
    .enum(['0', '1', 'true', 'false'], { error: 'EMULATOR_STRICT must be 0 or 1.' })
    .optional(),
});

function parseArgs(argv: string[]) {
  let reset = false;
  let seed: 'demo' | 'large' | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--reset') reset = true;
    else if (arg === '--seed' || arg?.startsWith('--seed=')) {
      const value = arg === '--seed' ? argv[(i += 1)] : arg.slice('--seed='.length);
      if (value !== 'demo' && value !== 'large') fail('--seed takes demo or large');
      else seed = value;
    } else if (arg === '--help') {
      say('Usage: npm run emulator -- [--reset] [--seed demo|large]');
      say(
        'Env: EMULATOR_PORT (8090), EMULATOR_API_KEY (generated), EMULATOR_DATA_DIR (./data/emulator), EMULATOR_ADMIN=1, EMULATOR_RATE_LIMIT (per minute),',
      );
      say('     EMULATOR_STRICT=0 (accept query parameters the service does not document)');
      process.exit(0);
    } else fail(`Unknown argument ${arg ?? ''}. Try --help.`);
  }
  return { reset, seed };
}

async function main() {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) fail(`Invalid environment:\n${z.prettifyError(parsed.error)}`);
  const env = parsed.data;
  const args = parseArgs(process.argv.slice(2));
  const apiKey = env.EMULATOR_API_KEY ?? randomBytes(20).toString('hex');
  if (args.seed === 'large')
    say(
      'Seeding the large data set (100,000 users, 1,000,000 messages); this takes a few minutes…',
    );

  const emulator = await startEmulator({
    port: env.EMULATOR_PORT,
    dataDir: env.EMULATOR_DATA_DIR,
    apiKey,
    reset: args.reset,
    seed: args.seed,
    admin: env.EMULATOR_ADMIN === '1' || env.EMULATOR_ADMIN === 'true',
    rateLimitPerMinute: env.EMULATOR_RATE_LIMIT,
    strict: strictFromEnv(env.EMULATOR_STRICT),
  });
  say(`Chat service emulator listening at ${emulator.url} (data in ${env.EMULATOR_DATA_DIR})`);
  if (env.EMULATOR_STRICT === '0' || env.EMULATOR_STRICT === 'false')
    say('Strict mode off: undocumented query parameters are accepted.');
  if (!env.EMULATOR_API_KEY)
    say(`API key (generated for this run; set EMULATOR_API_KEY to fix it): ${apiKey}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: checkpointing and closing the store…`);
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) =>
        fail(`Failed to close cleanly: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
