// How the builds of pix-payment-sdk/mock differ: some of its modules are swapped for others when it
// is bundled for a web page or as CommonJS. Shared by tsup.config.ts and the browser test, which
// bundles the sources the way the package's `browser` build is made.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';

/** The browser build: no node:http server, and msw imported statically for web bundlers. */
export const BROWSER_MODULES = {
  'mock/transports/http/server.ts': 'mock/transports/http/server.browser.ts',
  'mock/transports/msw/msw.ts': 'mock/transports/msw/msw.browser.ts',
} as const;

/**
 * The build for Workers and edge functions (workerd, Vercel's edge runtime): no node:http server,
 * and no msw at all, so that the worker starts and bundles with msw installed or not.
 */
export const WORKER_MODULES = {
  'mock/transports/http/server.ts': 'mock/transports/http/server.browser.ts',
  'mock/transports/msw/msw.ts': 'mock/transports/msw/msw.worker.ts',
} as const;

/** The CommonJS build and the bin: msw required on first use of `mock.handlers`. */
export const REQUIRE_MSW_MODULES = {
  'mock/transports/msw/msw.ts': 'mock/transports/msw/msw.require.ts',
} as const;

const source = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/**
 * An esbuild plugin resolving the mock's relative imports of the source files named in `swaps`
 * (by their path from the package root) to the files they map to.
 */
export function swapModules(swaps: Readonly<Record<string, string>>): Plugin {
  const bySource = new Map(Object.entries(swaps).map(([from, to]) => [source(from), source(to)]));
  return {
    name: 'swap-mock-modules',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\/.*\.js$/ }, ({ path, resolveDir }) => {
        const swapped = bySource.get(join(resolveDir, path.replace(/\.js$/, '.ts')));
        return swapped === undefined ? undefined : { path: swapped };
      });
    },
  };
}
