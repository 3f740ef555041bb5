import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Files that force garbage collection run in workers started with --expose-gc.
const NEEDS_GC = ['test/hostile/client-body-deadline.test.ts'];

// Suites that check the code and the guides with tools whose verdict does not depend on the Node.js
// version running them: the compiler (the type tests, the guides' code blocks, a project built
// without msw), typedoc, dependency-cruiser and the guides' lists. `npm run test:node22` runs the
// suite a second time, on the other supported Node.js, with PIX_RUNTIME_SUITES_ONLY=1: it leaves
// these out, since `npm test` has just run them, and keeps CI within its time.
const STATIC_SUITES = [
  'test/doc-blocks.test.ts',
  'test/docs-lists.test.ts',
  'test/reference.test.ts',
  'test/reference-markdown.test.ts',
  'test/dependency-rules.test.ts',
  'test/mock/types-without-msw.test.ts',
];
const runtimeOnly = process.env.PIX_RUNTIME_SUITES_ONLY === '1';
if (runtimeOnly) {
  console.log(
    `vitest: PIX_RUNTIME_SUITES_ONLY=1, leaving out the static suites run by npm test: the type tests (*.test-d.ts), ${STATIC_SUITES.join(', ')}`,
  );
}

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
          exclude: [
            ...configDefaults.exclude,
            'examples/downstream-jest/**',
            ...NEEDS_GC,
            ...(runtimeOnly ? STATIC_SUITES : []),
          ],
          typecheck: {
            enabled: !runtimeOnly,
            include: ['test/**/*.test-d.ts'],
            tsconfig: './tsconfig.json',
          },
        },
      },
      { extends: true, test: { name: 'gc', include: NEEDS_GC, execArgv: ['--expose-gc'] } },
    ],
  },
});
