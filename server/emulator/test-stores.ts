import { seedDemo } from './seed';
import { seedEpoch } from './seed/insert';
import { openStore, type EmulatorStore } from './store';

// The tests' demo data is seeded at a fixed instant and without the decided history, so the rows
// tests rely on never change. Seeding the demo data takes about 30 ms and migrating an empty store
// a few; copying a serialized store takes about 0.1 ms. Each kind is made once per test worker and every test gets its own
// copy, so tests still never share state.
const images = new Map<'demo' | 'empty', Buffer>();

function imageOf(kind: 'demo' | 'empty'): Buffer {
  let image = images.get(kind);
  if (!image) {
    const store = openStore({ file: ':memory:' });
    if (kind === 'demo') seedDemo(store, seedEpoch, { history: false });
    image = store.db.serialize();
    store.close();
    images.set(kind, image);
  }
  return image;
}

/** A fresh in-memory emulator store holding the demo seed, for a test. */
export const openSeededStore = (): EmulatorStore =>
  openStore({ file: ':memory:', image: imageOf('demo') });

/** A fresh, empty, migrated in-memory emulator store, for a test. */
export const openEmptyStore = (): EmulatorStore =>
  openStore({ file: ':memory:', image: imageOf('empty') });
