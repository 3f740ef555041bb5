import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Files that force garbage collection run in workers started with --expose-gc.
const NEEDS_GC = ['test/hostile/client-body-deadline.test.ts'];

export default defineConfig({
  resolve: {
    alias: [
      { find: /^pix-payment-sdk\/mock$/, replacement: here('./mock/index.ts') },
      { find: /^pix-payment-sdk\/redis$/, replacement: here('./src/redis/index.ts') },
      { find: /^pix-payment-sdk$/, replacement: here('./src/index.ts') },
    ],
  },
  test: {
    globalSetup: ['./test/support/externals-setup.ts'],
    testTimeout: 15_000,
    // Most suites wait on sockets, child processes and timers rather than compute: three workers
    // on a 2-core machine halve the wall time (the default there is one).
    maxWorkers: 3,
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
          // Jest's suite is run by `npm run examples:jest`.
          exclude: [...configDefaults.exclude, 'examples/downstream-jest/**', ...NEEDS_GC],
          typecheck: {
            enabled: true,
            include: ['test/**/*.test-d.ts'],
            tsconfig: './tsconfig.json',
          },
        },
      },
      { extends: true, test: { name: 'gc', include: NEEDS_GC, execArgv: ['--expose-gc'] } },
    ],
  },
});
