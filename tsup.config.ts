import { defineConfig } from 'tsup';

// The mock imports the client entry by its package name and keeps it external, so a consumer who
// loads both entries gets one copy of the schemas and error classes, not two.
const external = ['pix-payment-sdk', 'pix-payment-sdk/mock', 'ky', 'zod', 'msw'];

export default defineConfig([
  {
    entry: { index: 'src/index.ts', 'mock/index': 'mock/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'es2023',
    platform: 'neutral',
    external,
    shims: false,
  },
  {
    entry: { 'mock/bin': 'mock/bin.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'node22',
    platform: 'node',
    external,
    banner: { js: '#!/usr/bin/env node' },
  },
]);
