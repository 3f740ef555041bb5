// The operator console over HTTP: its page, script and styles come with a strict
// Content-Security-Policy and no framing, under the Host rule and the Origin rule of the control
// routes; the page's files need no control token (they hold no data), the data routes still do.
import { type RunningMockServer, startMockServer } from 'pix-payment-sdk/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../../support/raw-http.js';

const FILES = ['/__mock/console', '/__mock/console/app.js', '/__mock/console/app.css'];

let running: RunningMockServer;
beforeAll(async () => {
  running = await startMockServer({ port: 0, seed: 7 });
});
afterAll(() => running.close());

describe('GET /__mock/console', () => {
  it('serves the page, its script and its styles with their types', async () => {
    const types = [];
    for (const path of FILES) {
      const answer = await rawRequest(running.url, 'GET', path);
      expect(answer.status).toBe(200);
      types.push(answer.headers['content-type']);
    }
    expect(types).toEqual([
      'text/html; charset=utf-8',
      'text/javascript; charset=utf-8',
      'text/css; charset=utf-8',
    ]);
  });

  it('every file has a CSP without inline or eval scripts, no framing, no sniffing, no caching', async () => {
    for (const path of FILES) {
      const { headers } = await rawRequest(running.url, 'GET', path);
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(headers).toMatchObject({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
      });
      expect(headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('the page has no inline script or style, and the script never parses HTML', async () => {
    const page = (await rawRequest(running.url, 'GET', '/__mock/console')).text;
    expect(page).toMatch(/<script src="\/__mock\/console\/app\.js" defer><\/script>/);
    expect(page).not.toMatch(/<script>|<style|style="|\son[a-z]+=/i);
    const script = (await rawRequest(running.url, 'GET', '/__mock/console/app.js')).text;
    expect(script).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
  });

  it('HEAD answers the headers without a body; a POST is no console', async () => {
    const head = await rawRequest(running.url, 'HEAD', '/__mock/console');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    const post = await rawRequest(running.url, 'POST', '/__mock/console');
    expect(post.status).toBe(404);
  });

  it('a rebound Host (DNS rebinding) gets 403 and no page', async () => {
    const port = new URL(running.url).port;
    for (const path of FILES) {
      const answer = await rawRequest(running.url, 'GET', path, {
        host: `attacker.example:${port}`,
      });
      expect(answer.status).toBe(403);
      expect(answer.text).not.toContain('<html');
    }
  });

  it("another origin's fetch (Origin, or Sec-Fetch-Site cross-site) gets 403", async () => {
    for (const headers of [
      { origin: 'https://attacker.example' },
      { origin: 'http://localhost:5173' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' },
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' },
    ]) {
      const answer = await rawRequest(running.url, 'GET', '/__mock/console', headers);
      expect(answer.status).toBe(403);
    }
  });

  it('a link from another site opens the page (a whole page, never a frame)', async () => {
    const answer = await rawRequest(running.url, 'GET', '/__mock/console', {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
    });
    expect(answer.status).toBe(200);
    const script = await rawRequest(running.url, 'GET', '/__mock/console/app.js', {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
    });
    expect(script.status).toBe(403);
  });
});

describe('the console of a server with a control token', () => {
  const secret = 'c0nsole-t0ken-Jw3Lp9';
  let guarded: RunningMockServer;
  beforeAll(async () => {
    guarded = await startMockServer({ port: 0, seed: 8, controlToken: secret });
  });
  afterAll(() => guarded.close());

  it('serves its files without the token, which they never contain; the data routes need it', async () => {
    for (const path of FILES) {
      const answer = await rawRequest(guarded.url, 'GET', path);
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(secret);
    }
    expect((await rawRequest(guarded.url, 'GET', '/__mock/accounts')).status).toBe(401);
    const withToken = await rawRequest(guarded.url, 'GET', '/__mock/accounts', {
      'x-mock-control-token': secret,
    });
    expect(withToken.status).toBe(200);
  });
});
