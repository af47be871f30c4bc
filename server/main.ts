// First: the libraries below choose their production builds from it.
import './production-mode';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { ensureAppBuilt } from './build-app';
import { demoModerators } from './demo/console-history';
import { seedDemoHistoryOnFirstRun } from './demo/first-run';
import { preflightChatService } from './doctor/preflight';
import { startEmulator } from './emulator/start';
import { readEnv } from './env';
import { createLogger } from './proxy/http/logger';
import { createShapeRecorder } from './proxy/api/record-shapes';
import { startConsole } from './proxy/start';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const say = (line: string) => process.stdout.write(`${line}\n`);

if (args.has('--help')) {
  say('Usage: npm start [-- --reseed] [-- --no-build]');
  say(
    "  --reseed    wipe the embedded emulator's data and seed the demo data again, dated from now",
  );
  say('  --no-build  serve dist/ as it is, even if it is missing or stale');
  process.exit(0);
}

async function main() {
  const env = readEnv();
  const logger = createLogger({ level: env.logLevel });
  if (!args.has('--no-build')) ensureAppBuilt(root, say);

  let emulator: Awaited<ReturnType<typeof startEmulator>> | undefined;
  let upstream: { baseUrl: string; apiKey: string };
  if (env.upstream.kind === 'remote') {
    upstream = { baseUrl: env.upstream.baseUrl, apiKey: env.upstream.apiKey };
    say(`Chat service: ${upstream.baseUrl}`);
    // A console whose key or address is wrong could only show errors: say what is wrong instead.
    const preflight = await preflightChatService(upstream);
    if (!preflight.ok) throw new Error(preflight.message);
    say(`  ${preflight.summary}`);
  } else {
    const apiKey = env.emulator.apiKey ?? randomBytes(20).toString('hex');
    emulator = await startEmulator({
      port: env.emulator.port,
      dataDir: env.emulator.dataDir,
      apiKey,
      reset: args.has('--reseed'),
      admin: env.emulator.admin,
      rateLimitPerMinute: env.emulator.rateLimitPerMinute,
      arrivalSeconds: env.emulator.arrivalSeconds,
    });
    upstream = { baseUrl: emulator.url, apiKey };
    say(`Chat service: embedded emulator at ${emulator.url} (data in ${env.emulator.dataDir})`);
    if (env.emulator.arrivalSeconds > 0)
      say(
        `  demo: a new blocked message arrives every ${env.emulator.arrivalSeconds} s (EMULATOR_DEMO_ARRIVAL_SECONDS=0 turns it off)`,
      );
  }

  const recorder = env.recordDir ? createShapeRecorder({ dir: env.recordDir, logger }) : undefined;
  if (env.recordDir) say(`Recording the shapes of upstream answers in ${env.recordDir}`);

  const consoleServer = await startConsole({
    port: env.consolePort,
    host: env.consoleHost,
    dataDir: env.consoleDataDir,
    databaseUrl: env.databaseUrl,
    upstream,
    staticDir: `${root}dist`,
    allowedHosts: env.allowedHosts,
    trustedProxies: env.trustedProxies,
    auditRetentionDays: env.auditRetentionDays,
    signIn: env.signIn,
    publicUrl: env.publicUrl,
    metrics: env.metrics,
    readyUpstreamSeconds: env.readyUpstreamSeconds,
    liveQueue: { pollMs: env.queuePollSeconds * 1000, claimMs: env.claimMinutes * 60_000 },
    logger,
    observers: recorder ? [recorder.observe] : [],
  });
  const demoDecisions = await seedDemoHistoryOnFirstRun({
    emulator,
    store: consoleServer.store,
    enabled: env.emulator.demoHistory,
    now: Date.now(),
  });
  say('');
  say(`Chat Admin Console: ${consoleServer.url}`);
  if (demoDecisions > 0)
    say(
      `Demo data: ${demoDecisions} decisions of the last 30 days by demo moderators (${demoModerators.join(', ')}; no accounts) in the audit trail (EMULATOR_DEMO_HISTORY=0 turns it off)`,
    );
  const { engine, location } = consoleServer.store;
  say(`Console store: ${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} at ${location}`);
  if (env.publicUrl) {
    say(
      `Public address: ${env.publicUrl}${env.publicUrl.startsWith('https:') ? ' (Secure session cookie)' : ''}`,
    );
  }
  say(
    `Health: ${consoleServer.url}/healthz, readiness: ${consoleServer.url}/readyz (chat service answered within ${env.readyUpstreamSeconds} s)`,
  );
  const metricsPlaces = [
    consoleServer.metricsUrl,
    env.metrics.token ? `${consoleServer.url}/metrics with the Bearer token` : undefined,
  ].filter(Boolean);
  say(`Metrics: ${metricsPlaces.length > 0 ? metricsPlaces.join('; ') : 'off'}`);
  if (env.signIn.sso) {
    say(
      `Single sign-on: ${env.signIn.sso.issuer} (password sign-in ${env.signIn.passwordSignIn ? 'on' : 'off'})`,
    );
  }
  if (consoleServer.bootstrap) {
    say(`First start: an admin operator "${consoleServer.bootstrap.username}" was created.`);
    say(`Sign in once with this link (single use, valid 15 minutes):`);
    say(`  ${consoleServer.bootstrap.link}`);
    say(
      'Then add operators with passwords: npm run operator -- add NAME --role admin|moderator|support',
    );
  } else {
    say('Sign in with your operator account (npm run operator -- list | add | reset-password).');
  }
  say('Press Ctrl-C to stop.');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`\n${signal}: stopping…`);
    await consoleServer.close();
    await recorder?.flush();
    await emulator?.close();
    say('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
