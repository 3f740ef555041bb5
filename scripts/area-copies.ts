// The modules loaded at the first call of the company account and of the crypto rails get their own
// copy of the models they parse and check with, so that a Pix-only bundle carries none of them.
//
// Why a copy: esbuild assigns whole modules to chunks, and every module the entry imports, even
// only to re-export it, counts as reached by the entry. `src/models/crypto.ts` is a public export,
// so the parts of it that a lazy chunk used (the quote schemas, the rate parsing) were placed in
// the code the entry loads, and a Pix-only application carried them. With a copy, the lazy chunks
// no longer refer to the exported module: a Pix-only bundle drops it as unused, an application that
// imports `DepositQuote` or `toMicros` gets them, and the area's chunks carry their own.
//
// Only modules without state of their own may be copied: schemas, pure functions, constants. A
// module with a `WeakMap` or a registry (such as `src/models/amount-texts.ts`, whose map of balance
// texts is written by the company chunk and read by `brlBalance`) must stay one module, and is not
// in the list; `test/client/lazy-areas.test.ts` checks the listed ones for top-level state.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';

/** The models copied into the area chunks, by their path from the package root. */
export const AREA_MODELS = [
  'src/models/company.ts',
  'src/models/crypto.ts',
  'src/usdt.ts',
] as const;

/**
 * The modules only the area chunks import (each loaded by `import()` at its area's first call, or
 * imported by those alone): their imports of {@link AREA_MODELS} take the copies.
 */
export const AREA_MODULES = [
  'src/resources/company-calls.ts',
  'src/resources/crypto.ts',
  'src/core/area-answers.ts',
] as const;

// The copy is the same file with a suffix, which esbuild counts as a module of its own. The build's
// comments name it `src/usdt.ts?area`; its source map points to the file itself.
const SUFFIX = '?area';
const COPY = Symbol('area copy');

const source = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/**
 * An esbuild plugin resolving the imports of {@link AREA_MODELS} made by {@link AREA_MODULES}, and
 * by the copies themselves, to copies of those models.
 */
export function areaCopies(): Plugin {
  const models = new Set<string>(AREA_MODELS.map(source));
  const modules = new Set<string>(AREA_MODULES.map(source));
  return {
    name: 'area-copies',
    setup(build) {
      build.onResolve(
        { filter: /^\.\.?\/.*\.js$/ },
        ({ path, resolveDir, importer, pluginData }) => {
          if (pluginData !== COPY && !modules.has(importer)) return undefined;
          const target = join(resolveDir, path.replace(/\.js$/, '.ts'));
          return models.has(target) ? { path: target, suffix: SUFFIX } : undefined;
        },
      );
      // Marks a copy, so that its own imports of the models take copies too.
      build.onLoad({ filter: /\.ts$/ }, async ({ path, suffix }) =>
        suffix === SUFFIX
          ? { contents: await readFile(path, 'utf8'), loader: 'ts', pluginData: COPY }
          : undefined,
      );
    },
  };
}
