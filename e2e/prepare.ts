import { mkdirSync, rmSync } from 'node:fs';
import { addOperators } from './add-operators';
import { e2eEnv } from './env';

// A fresh data dir per run, with the operators in its SQLite store.
rmSync(e2eEnv.dir, { recursive: true, force: true });
mkdirSync(e2eEnv.dataDir, { recursive: true });
await addOperators({ CONSOLE_DATA_DIR: e2eEnv.dataDir });
