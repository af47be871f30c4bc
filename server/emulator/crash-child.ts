import { startEmulator } from './start';

/**
 * Child process of the crash harness: serves an emulator on a free port over the given data dir and
 * prints `READY <url>` once it listens. It is killed with SIGKILL, never stopped politely.
 */
const [dataDir, apiKey] = process.argv.slice(2);
if (!dataDir || !apiKey) {
  process.stderr.write('usage: crash-child <dataDir> <apiKey>\n');
  process.exit(2);
}
startEmulator({ port: 0, dataDir, apiKey }).then(
  (emulator) => process.stdout.write(`READY ${emulator.url}\n`),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
