// The dependency rules of .dependency-cruiser.cjs (run on the sources by `npm run lint:deps`) each
// refuse a planted violation: dependency-cruiser runs with that config over a scratch tree laid out
// like the package, in which every rule is broken once and every allowed kind of import is made.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** The scratch tree: each file's imports, allowed and forbidden. */
const TREE: Readonly<Record<string, string>> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      module: 'Preserve',
      moduleResolution: 'bundler',
      paths: { 'pix-payment-sdk': ['./src/index.ts'] },
    },
  }),
  'src/index.ts': "export { operations } from './seam/operations.js';\n",
  'src/models/index.ts': 'export const Withdrawal = 1;\n',
  'src/seam/operations.ts':
    "export type { Withdrawal } from '../models/index.js';\nexport const operations = 1;\n",
  // Planted: the seam importing a model's value, not its type.
  'src/seam/limits.ts': "export { Withdrawal as limit } from '../models/index.js';\n",
  // Planted: the seam reaching into the client's core.
  'src/seam/body.ts': "export { retry as readUpTo } from '../core/retry.js';\n",
  'src/core/retry.ts': 'export const retry = 1;\n',
  // Planted: the client importing the mock.
  'src/core/transport.ts': "export { router } from '../../mock/service/router.js';\n",
  'mock/service/router.ts': [
    "export { operations } from 'pix-payment-sdk';",
    "export { operations as table } from '../../src/seam/operations.js';",
    // Planted: the mock past the seam, and the service importing a transport and the controls.
    "export { retry } from '../../src/core/retry.js';",
    "export { msw } from '../transports/msw/msw.js';",
    "export { controlRoutes } from '../controls/http-routes.js';",
    'export const router = 1;',
    '',
  ].join('\n'),
  // Planted: a cycle of two (reported once, from the first module of the loop found).
  'mock/service/state.ts': "export { ledger } from './ledger.js';\nexport const state = 1;\n",
  'mock/service/ledger.ts': "export { state } from './state.js';\nexport const ledger = 1;\n",
  'mock/transports/http/access.ts': 'export const access = 1;\n',
  'mock/transports/http/server.ts': [
    "export { access } from './access.js';",
    "export { router } from '../../service/router.js';",
    // Planted: one transport importing another.
    "export { msw } from '../msw/msw.js';",
    '',
  ].join('\n'),
  'mock/transports/msw/msw.ts': 'export const msw = 1;\n',
  'mock/controls/http-routes.ts': 'export const controlRoutes = 1;\n',
  // Allowed: the composition root plugs the control routes into the service's router.
  'mock/create.ts': [
    "export { router } from './service/router.js';",
    "export { controlRoutes } from './controls/http-routes.js';",
    '',
  ].join('\n'),
};

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly name: string };
}

let scratch: string;
let violations: ReadonlyArray<string>;
let status: number | null;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'pix-dependency-rules-'));
  for (const [path, text] of Object.entries(TREE)) {
    await mkdir(dirname(join(scratch, path)), { recursive: true });
    await writeFile(join(scratch, path), text);
  }
  const cruise = (...flags: string[]) =>
    spawnSync(
      process.execPath,
      [depcruise, 'src', 'mock', '--config', join(root, '.dependency-cruiser.cjs'), ...flags],
      { cwd: scratch, encoding: 'utf8' },
    );
  const report = JSON.parse(cruise('-T', 'json').stdout) as {
    summary: { violations: Violation[] };
  };
  violations = report.summary.violations.map(
    ({ rule, from, to }) => `${rule.name}: ${from} → ${to}`,
  );
  // As `npm run lint:deps` runs it: the exit status counts the errors.
  status = cruise().status;
}, 60_000);

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('the dependency rules', () => {
  it('refuse each planted violation and nothing else, and fail the run', () => {
    expect([...violations].sort()).toEqual(
      [
        'client-never-imports-mock: src/core/transport.ts → mock/service/router.ts',
        'seam-stays-a-seam: src/seam/body.ts → src/core/retry.ts',
        'seam-names-models-by-type: src/seam/limits.ts → src/models/index.ts',
        'mock-reaches-client-through-seam: mock/service/router.ts → src/core/retry.ts',
        'service-knows-no-transport: mock/service/router.ts → mock/transports/msw/msw.ts',
        'service-knows-no-controls: mock/service/router.ts → mock/controls/http-routes.ts',
        'transports-stay-apart: mock/transports/http/server.ts → mock/transports/msw/msw.ts',
        'no-cycle: mock/service/ledger.ts → mock/service/state.ts',
      ].sort(),
    );
    expect(status).not.toBe(0);
  });
});
