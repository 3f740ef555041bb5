import { defineConfig, type Options } from 'tsup';
import { areaCopies } from './scripts/area-copies.js';
import {
  BROWSER_MODULES,
  REQUIRE_MSW_MODULES,
  swapModules,
  WORKER_MODULES,
} from './scripts/mock-builds.js';

// The mock imports the client entry by its package name and keeps it external, so a consumer who
// loads both entries gets one copy of the schemas and error classes, not two.
const external = ['pix-payment-sdk', 'pix-payment-sdk/mock', 'zod', 'msw', /^node:/];

const library: Options = {
  dts: true,
  sourcemap: true,
  target: 'es2023',
  platform: 'neutral',
  treeshake: true,
  // Keep `node:http` as written: without the prefix a bundler takes it for an npm package.
  removeNodeProtocol: false,
};

// The client entry and pix-payment-sdk/redis are built apart: esbuild puts each module in the chunk
// of the set of entries that reach it, so a build with both split the client's shared code into
// four chunks, loaded one by one at import. Alone, the client entry imports one shared chunk
// (what it shares with the chunks loaded at first call). The redis entry takes the client's
// classes from `pix-payment-sdk` and carries its own copy of the few helpers it shares.
const client: Options = { ...library, entry: { index: 'src/index.ts' } };
const redis: Options = { ...library, entry: { 'redis/index': 'src/redis/index.ts' } };
const mock: Options = { ...library, entry: { 'mock/index': 'mock/index.ts' } };

// How each build loads msw, the optional peer that only `mock.handlers` needs: the ES module
// build and the CommonJS build and the bin require it on first use (the ES module build imports it
// as it loads under Jest only: mock/transports/msw/msw.ts), the browser build imports it statically so that web
// bundlers bundle it beside setupWorker, and the build for Workers and edge functions never
// loads it.
// The client's builds carry their own copies of ky and zod/mini (see docs/compatibility.md): Node
// then loads one module file for the client instead of over a hundred, and ky goes in a chunk of
// its own that the client loads at its first request. The mock and the bin keep zod external.
const clientExternal = ['pix-payment-sdk', 'pix-payment-sdk/mock', 'msw', /^node:/];
const bundled = ['ky', /^zod(\/|$)/];

/** A build of the mock for the web platform, with some of its modules swapped. */
function webMock(name: string, swaps: Readonly<Record<string, string>>): Options {
  return {
    entry: { [name]: 'mock/index.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'es2023',
    platform: 'browser',
    treeshake: true,
    external: [...external, 'ky'],
    esbuildPlugins: [swapModules(swaps)],
  };
}

export default defineConfig([
  // The company and crypto chunks take their own copies of the models they use, so that what the
  // entry loads keeps none of them (scripts/area-copies.ts). The CommonJS build is one file, with
  // nothing to split, and takes no copies.
  {
    ...client,
    format: ['esm'],
    clean: true,
    external: clientExternal,
    noExternal: bundled,
    esbuildPlugins: [areaCopies()],
  },
  { ...redis, format: ['esm', 'cjs'], external: clientExternal, noExternal: bundled },
  {
    ...mock,
    format: ['esm'],
    external: [...external, 'ky'],
  },
  // ky 2 is published as ES modules only. Bundling it into the CommonJS build keeps `require()`
  // working on every Node 22 release, not only on those where require(esm) is enabled.
  { ...client, format: ['cjs'], external: clientExternal, noExternal: bundled },
  {
    ...mock,
    format: ['cjs'],
    external,
    noExternal: ['ky'],
    esbuildPlugins: [swapModules(REQUIRE_MSW_MODULES)],
  },
  // The `browser` condition of pix-payment-sdk/mock: the same mock with the Node-only server
  // swapped for a stub, so web bundlers never have to resolve node:http.
  webMock('mock/index.browser', BROWSER_MODULES),
  // The `workerd`, `worker` and `edge-light` conditions (Wrangler, Next.js and Vercel edge
  // builds, which would otherwise take `browser`): no Node server and no msw, so a worker that
  // uses `mock.fetch` starts and bundles whether msw is installed or not.
  webMock('mock/index.worker', WORKER_MODULES),
  {
    entry: { 'mock/bin': 'mock/bin.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'node22',
    platform: 'node',
    external: [...external, 'ky'],
    removeNodeProtocol: false,
    banner: { js: '#!/usr/bin/env node' },
    esbuildPlugins: [swapModules(REQUIRE_MSW_MODULES)],
  },
]);
