// How the builds of pix-payment-sdk/mock differ: some of its modules are swapped for others when it
// is bundled for a web page or as CommonJS. Shared by tsup.config.ts and the browser test, which
// bundles the sources the way the package's `browser` build is made.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';

/** The browser build: no node:http server, and msw imported statically for web bundlers. */
export const BROWSER_MODULES = {
  './server.js': 'mock/server.browser.ts',
  './msw.js': 'mock/msw.browser.ts',
} as const;

/**
 * The build for Workers and edge functions (workerd, Vercel's edge runtime): no node:http server,
 * and no msw at all, so that the worker starts and bundles with msw installed or not.
 */
export const WORKER_MODULES = {
  './server.js': 'mock/server.browser.ts',
  './msw.js': 'mock/msw.worker.ts',
} as const;

/** The CommonJS build and the bin: msw required on first use of `mock.handlers`. */
export const REQUIRE_MSW_MODULES = { './msw.js': 'mock/msw.require.ts' } as const;

const source = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** An esbuild plugin resolving the mock's relative imports in `swaps` to other source files. */
export function swapModules(swaps: Readonly<Record<string, string>>): Plugin {
  return {
    name: 'swap-mock-modules',
    setup(build) {
      build.onResolve({ filter: /^\.\/[\w.-]+\.js$/ }, ({ path }) => {
        const swapped = swaps[path];
        return swapped === undefined ? undefined : { path: source(swapped) };
      });
    },
  };
}
