import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

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

const browserServer = fileURLToPath(new URL('./mock/server.browser.ts', import.meta.url));
const operationsTable = fileURLToPath(new URL('./src/operations.ts', import.meta.url));

// The mock reads the table of operations from src/operations.ts, which the client entry keeps to
// itself. The schemas the table names must be the client entry's own objects (the OpenAPI document
// finds them by identity), so in the mock's builds its models come from the package.
const modelsFromPackage: Plugin = {
  name: 'operations-models-from-package',
  setup(build) {
    build.onResolve({ filter: /^\.\/models\/index\.js$/ }, (args) =>
      args.importer === operationsTable ? { path: 'pix-payment-sdk', external: true } : undefined,
    );
  },
};

const client: Options = { ...library, entry: { index: 'src/index.ts' } };
const mock: Options = {
  ...library,
  entry: { 'mock/index': 'mock/index.ts' },
  esbuildPlugins: [modelsFromPackage],
};

export default defineConfig([
  { ...client, format: ['esm'], clean: true, external: [...external, 'ky'] },
  { ...mock, format: ['esm'], external: [...external, 'ky'] },
  // ky 2 is published as ES modules only. Bundling it into the CommonJS build keeps `require()`
  // working on every Node 22 release, not only on those where require(esm) is enabled.
  { ...client, format: ['cjs'], external, noExternal: ['ky'] },
  { ...mock, format: ['cjs'], external, noExternal: ['ky'] },
  // The `browser` condition of pix-payment-sdk/mock: the same mock with the Node-only server
  // swapped for a stub, so web bundlers never have to resolve node:http.
  {
    entry: { 'mock/index.browser': 'mock/index.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'es2023',
    platform: 'browser',
    treeshake: true,
    external: [...external, 'ky'],
    esbuildPlugins: [
      modelsFromPackage,
      {
        name: 'browser-mock-server',
        setup(build) {
          build.onResolve({ filter: /^\.\/server\.js$/ }, () => ({ path: browserServer }));
        },
      },
    ],
  },
  {
    entry: { 'mock/bin': 'mock/bin.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'node22',
    platform: 'node',
    external: [...external, 'ky'],
    removeNodeProtocol: false,
    esbuildPlugins: [modelsFromPackage],
    banner: { js: '#!/usr/bin/env node' },
  },
]);
