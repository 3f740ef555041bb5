// Runs the guides' code blocks that are whole test files, written out by test/doc-blocks.test.ts.
import { defineConfig } from 'vitest/config';
import base from '../vitest.config.js';

export default defineConfig({
  ...base,
  test: {
    include: ['.tmp/doc-blocks/*.test.ts'],
    testTimeout: 15_000,
  },
});
