import { defineConfig, type Options } from 'tsup';

// The mock imports the client entry by its package name and keeps it external, so a consumer who
// loads both entries gets one copy of the schemas and error classes, not two.
const external = ['pix-payment-sdk', 'pix-payment-sdk/mock', 'zod', 'msw'];

const library: Options = {
  entry: { index: 'src/index.ts', 'mock/index': 'mock/index.ts' },
  dts: true,
  sourcemap: true,
  target: 'es2023',
  platform: 'neutral',
  treeshake: true,
};

export default defineConfig([
  { ...library, format: ['esm'], clean: true, external: [...external, 'ky'] },
  // ky 2 is published as ES modules only. Bundling it into the CommonJS build keeps `require()`
  // working on every Node 22 release, not only on those where require(esm) is enabled.
  { ...library, format: ['cjs'], external, noExternal: ['ky'] },
  {
    entry: { 'mock/bin': 'mock/bin.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'node22',
    platform: 'node',
    external: [...external, 'ky'],
    banner: { js: '#!/usr/bin/env node' },
  },
]);
