// The mock in a real browser: the page bundles the package's browser build of the mock with msw's
// setupWorker, is served from 127.0.0.1, and runs the merchant flow in headless Chromium, driven
// by playwright-core. Without Chromium the suite is skipped with a notice (and fails the run under
// PIX_REQUIRE_EXTERNALS=1): see test/support/externals.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_MODULES, swapModules } from '../../../scripts/mock-builds.js';
import type { BrowserFlowResult } from '../../support/browser-page.js';
import { launchChromium } from '../../support/chromium.js';
import { requireExternal } from '../../support/externals.js';

const root = resolve(import.meta.dirname, '../../..');
const chromiumPath = requireExternal('chromium');

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer(handler);
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

function close(server: Server | undefined): Promise<void> {
  return new Promise((done) => {
    if (!server) return done();
    server.close(() => done());
    server.closeAllConnections();
  });
}

/** A webhook receiver on another origin than the page; `cors` decides whether it allows the page. */
function receiver(cors: boolean, received: unknown[]) {
  return listen((req, res) => {
    const headers: Record<string, string> = cors
      ? {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'content-type',
        }
      : {};
    if (req.method === 'OPTIONS') {
      res.writeHead(204, headers).end();
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.writeHead(200, headers).end();
    });
  });
}

describe.skipIf(chromiumPath === undefined)('the mock in headless Chromium (setupWorker)', () => {
  let dir: string;
  let site: Server | undefined;
  let withCors: Server | undefined;
  let withoutCors: Server | undefined;
  let context: BrowserContext | undefined;
  const received: unknown[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pix-browser-'));
    // The page, bundled from the sources the way the package's browser build is made.
    const bundle = await build({
      entryPoints: [join(root, 'test/support/browser-page.ts')],
      outfile: 'page.js',
      write: false,
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2023',
      tsconfig: join(root, 'tsconfig.json'),
      plugins: [swapModules(BROWSER_MODULES)],
      logLevel: 'error',
    });
    const files: Record<string, [string, string]> = {
      '/': ['text/html', '<!doctype html><script type="module" src="/page.js"></script>'],
      '/page.js': ['text/javascript', bundle.outputFiles[0]?.text ?? ''],
      // What `npx msw init <public dir>` copies: msw's worker script, served at the site's root.
      '/mockServiceWorker.js': [
        'text/javascript',
        readFileSync(join(root, 'node_modules/msw/lib/mockServiceWorker.js'), 'utf8'),
      ],
    };
    site = await listen((req, res) => {
      const file = files[new URL(req.url ?? '/', 'http://x').pathname];
      if (!file) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
    });
    withCors = await receiver(true, received);
    withoutCors = await receiver(false, received);
    // defined: the suite is skipped otherwise
    context = await launchChromium(chromiumPath as string, dir);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await Promise.all([close(site), close(withCors), close(withoutCors)]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('runs the flow from the page: login, key, currencies, withdrawal, settle, details', async () => {
    const page = await (context as BrowserContext).newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${urlOf(site as Server)}/`, { timeout: 60_000 });
    await page.waitForFunction(() => 'runFlow' in globalThis, undefined, { timeout: 60_000 });
    const result = (await page.evaluate(
      (webhooks) =>
        (
          globalThis as unknown as {
            runFlow(urls: typeof webhooks): Promise<BrowserFlowResult>;
          }
        ).runFlow(webhooks),
      {
        withCors: `${urlOf(withCors as Server)}/webhooks/pix`,
        withoutCors: `${urlOf(withoutCors as Server)}/webhooks/pix`,
      },
    )) as BrowserFlowResult;

    expect(errors).toEqual([]);
    expect(result).toMatchObject({
      token: true,
      pixKey: { type: 'EMAIL', key: 'browser@example.com' },
      currencies: ['BRL'],
      withdrawal: { status: 'PENDING', externalId: 'browser-1' },
      settledWebhook: { outcome: 'delivered', status: 200 },
      // A receiver on another origin that does not allow the page: the browser refuses.
      refusedWebhook: { outcome: 'failed' },
      details: { status: 'PAID', amount: 12.34 },
    });
    // Every call went through the service worker to the mock in the page.
    expect(result.journal).toEqual([
      'POST /auth/token 200',
      expect.stringMatching(/^POST \/pix\/customer\/\w+\/key 201$/),
      'GET /withdraw/company/currencies 200',
      'POST /withdraw 201',
      expect.stringMatching(/^POST \/withdraw\/\w+\/resend\/webhook 200$/),
      expect.stringMatching(/^GET \/withdraw\/\w+\/details 200$/),
    ]);
    expect(received).toEqual([
      expect.objectContaining({ status: 'PAID', externalId: 'browser-1', operation: 'WITHDRAW' }),
    ]);
    expect(result.startMockServer).toMatch(/needs Node\.js.*setupWorker/);
  }, 120_000);
});
