import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assertBuilt, bin, resultsOf, run, scripts, startService } from '../support/runtimes.js';

// Deno runs the scripts of test/runtimes/scripts on the built package, resolved by its name
// from this repository's node_modules, where msw is installed.

let service: Awaited<ReturnType<typeof startService>>;
// Network to 127.0.0.1 only; reading the repository, and the environment.
const permissions = ['--allow-net=127.0.0.1', '--allow-read', '--allow-env', '--allow-sys'];

beforeAll(async () => {
  assertBuilt();
  service = await startService();
}, 30_000);
afterAll(() => service?.server.close());

it('Deno: the client against the mock server and over mock.fetch, the webhook handler in Deno.serve; the process ends by itself', async () => {
  const ran = await run(
    bin('deno'),
    ['run', ...permissions, join(scripts, 'deno.mjs')],
    { RUNTIME_CHECK: JSON.stringify(service.env) },
    45_000,
  );
  expect(resultsOf(ran)).toEqual({
    server: 'PENDING',
    mockFetch: 'PENDING',
    webhook: { delivered: 'delivered', forged: 200, events: ['own:PAID'] },
  });
  // Killed at the time limit (-1), it would not have ended by itself.
  expect(ran.code).toBe(0);
}, 90_000);

it('Deno: mock.handlers loads msw on first use', async () => {
  const ran = await run(bin('deno'), ['run', ...permissions, join(scripts, 'deno-msw.mjs')], {});
  expect(resultsOf(ran)).toEqual({ handlers: 1 });
}, 60_000);
