import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assertBuilt, bin, resultsOf, run, scripts, startService } from '../support/runtimes.js';

// Bun runs test/runtimes/scripts/bun.mjs on the built package, resolved by its name.

let service: Awaited<ReturnType<typeof startService>>;

beforeAll(async () => {
  assertBuilt();
  service = await startService();
}, 30_000);
afterAll(() => service?.server.close());

it('Bun: the client against the mock server and over mock.fetch; mock.handlers; the webhook handler in Hono on Bun.serve', async () => {
  const ran = await run(bin('bun'), [join(scripts, 'bun.mjs')], {
    RUNTIME_CHECK: JSON.stringify(service.env),
  });
  expect(resultsOf(ran)).toEqual({
    server: 'PENDING',
    mockFetch: 'PENDING',
    handlers: 1,
    hono: { delivered: 'delivered', forged: 200, events: ['own:PAID'] },
  });
  expect(ran.code).toBe(0);
}, 60_000);
