import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { assertBuilt, bundle, type ServiceEnv, startService } from '../support/runtimes.js';

// Cloudflare's workerd, through miniflare: a worker bundled the way Wrangler bundles one (the
// `workerd`, `worker` and `browser` conditions), with msw installed in this repository.

let service: Awaited<ReturnType<typeof startService>>;
let env: ServiceEnv;

beforeAll(async () => {
  assertBuilt();
  service = await startService();
  env = service.env;
}, 30_000);
afterAll(() => service?.server.close());

it('workerd: the client against the mock server and over mock.fetch; mock.handlers says to use mock.fetch', async () => {
  const script = await bundle(
    `import { checks } from './worker.mjs';
    export default { fetch: async (request, env) => Response.json(await checks(JSON.parse(env.RUNTIME_CHECK))) };`,
    ['workerd', 'worker', 'browser'],
    { format: 'esm' },
  );
  expect(script).not.toMatch(/from ["']msw/);
  const worker = new Miniflare({
    modules: true,
    script,
    compatibilityDate: '2026-04-01',
    bindings: { RUNTIME_CHECK: JSON.stringify(env) },
  });
  try {
    const answer = await worker.dispatchFetch('http://worker.test/');
    expect(await answer.json()).toEqual({
      server: 'PENDING',
      mockFetch: 'PENDING',
      handlers: expect.stringMatching(/not available in Workers.*mock\.fetch/),
    });
  } finally {
    await worker.dispose();
  }
}, 60_000);

it('workerd: createWebhookHandler as the worker’s fetch (request, env, ctx), with ctx.waitUntil; a forged delivery is not handed over', async () => {
  const script = await bundle(
    `import { webhookWorker } from './worker.mjs';
    const route = webhookWorker();
    export default { fetch: route };`,
    ['workerd', 'worker', 'browser'],
    { format: 'esm' },
  );
  const worker = new Miniflare({
    modules: true,
    script,
    compatibilityDate: '2026-04-01',
    bindings: { SOME_BINDING: 'env is not the context' },
  });
  try {
    const payload = (await (await worker.dispatchFetch('http://worker.test/setup')).json()) as {
      status: string;
    };
    const deliver = (body: unknown) =>
      worker.dispatchFetch('http://worker.test/webhooks/pix', {
        method: 'POST',
        body: JSON.stringify(body),
      });
    expect((await deliver(payload)).status).toBe(200);
    expect((await deliver({ ...payload, status: 'REFUND_APPROVED' })).status).toBe(200);
    await vi.waitFor(
      async () =>
        expect(await (await worker.dispatchFetch('http://worker.test/events')).json()).toEqual([
          'PAID',
        ]),
      { timeout: 10_000, interval: 50 },
    );
  } finally {
    await worker.dispose();
  }
}, 60_000);
