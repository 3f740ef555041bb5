// How the tests run `pix-payment-mock`: the built bin (`dist/mock/bin.js`, what `npx
// pix-payment-mock` runs) when `dist/` is built from the current sources, as under `npm test`, which
// builds first; otherwise the TypeScript entry through tsx, so a suite run on its own still tests
// the code as it is. The built bin starts in a fraction of the time tsx takes to load the sources.
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

function newest(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((entry) =>
      entry.isDirectory() ? newest(join(dir, entry.name)) : statSync(join(dir, entry.name)).mtimeMs,
    ),
  );
}

function builtIsCurrent(): boolean {
  try {
    const built = statSync(join(root, 'dist/mock/bin.js')).mtimeMs;
    return newest(join(root, 'src')) <= built && newest(join(root, 'mock')) <= built;
  } catch {
    return false;
  }
}

/** The arguments before the bin's own, for `spawn(process.execPath, [...binArgs, ...args])`. */
export const binArgs: ReadonlyArray<string> = builtIsCurrent()
  ? [join(root, 'dist/mock/bin.js')]
  : ['--import', 'tsx', join(root, 'mock/bin.ts')];
