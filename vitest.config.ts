import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^pix-payment-sdk\/mock$/, replacement: here('./mock/index.ts') },
      { find: /^pix-payment-sdk\/redis$/, replacement: here('./src/redis/index.ts') },
      { find: /^pix-payment-sdk$/, replacement: here('./src/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    globalSetup: ['./test/support/externals-setup.ts'],
    testTimeout: 15_000,
    restoreMocks: true,
  },
});
