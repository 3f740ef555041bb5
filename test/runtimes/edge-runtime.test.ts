import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assertBuilt, bin, bundle, resultsOf, run, startService } from '../support/runtimes.js';

// Vercel's edge runtime (the `edge-runtime` CLI): a function bundled the way Next.js bundles one
// for the edge (the `edge-light`, `worker` and `browser` conditions), with msw installed in this
// repository.

let service: Awaited<ReturnType<typeof startService>>;
let dir: string;

beforeAll(async () => {
  assertBuilt();
  service = await startService();
  dir = mkdtempSync(join(tmpdir(), 'pix-edge-'));
}, 30_000);
afterAll(async () => {
  await service?.server.close();
  rmSync(dir, { recursive: true, force: true });
});

it('edge-runtime: the client against the mock server and over mock.fetch; mock.handlers says to use mock.fetch', async () => {
  const script = await bundle(
    `import { checks } from './worker.mjs';
    checks(RUNTIME_CHECK).then((results) => console.log(JSON.stringify(results)));`,
    ['edge-light', 'worker', 'browser'],
    { format: 'iife', define: { RUNTIME_CHECK: JSON.stringify(service.env) } },
  );
  expect(script).not.toMatch(/mockServiceWorker|CookieStore/);
  const file = join(dir, 'function.js');
  writeFileSync(file, script);
  const ran = await run(bin('edge-runtime'), [file], {});
  expect(resultsOf(ran)).toEqual({
    server: 'PENDING',
    mockFetch: 'PENDING',
    handlers: expect.stringMatching(/not available in Workers.*mock\.fetch/),
  });
}, 60_000);
