import { seedDemo } from './seed';
import { seedEpoch } from './seed/insert';
import { openStore, type EmulatorStore } from './store';

// The tests' demo data is seeded at a fixed instant and without the decided history, so the rows
// tests rely on never change. Copying a serialized store is far cheaper than seeding or migrating
// one, so each kind is made once per test worker and every test gets its own copy: tests still
// never share state.
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
