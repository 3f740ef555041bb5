// The operator console in headless Chromium, over a real mock server on 127.0.0.1: it loads under
// its Content-Security-Policy without an error, shows a payout the client created, settles it with
// a click (the client then reads PAID) and shows a hostile externalId as text; a page of another
// origin cannot drive the control routes. Without Chromium the suite is skipped with a notice
// (and fails the run under PIX_REQUIRE_EXTERNALS=1): see test/support/externals.ts.
//
// `PIX_UPDATE_SCREENSHOTS=1` writes the console's screenshot to docs/images/console.png (the
// testing guide shows it); otherwise it goes to a temporary directory, so a run changes no file.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildDeposit, buildWithdrawal, PaymentClient, selectCurrency } from 'pix-payment-sdk';
import { type RunningMockServer, startMockServer } from 'pix-payment-sdk/mock';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../support/chromium.js';
import { requireExternal } from '../../support/externals.js';
import { type Loopback, listen } from '../../support/loopback.js';

const root = resolve(import.meta.dirname, '../../..');
const chromiumPath = requireExternal('chromium');
const HOSTILE = '<img src=x onerror=alert(1)>';

describe.skipIf(chromiumPath === undefined)('the operator console in headless Chromium', () => {
  let dir: string;
  let running: RunningMockServer;
  let receiver: Loopback;
  let attacker: Loopback;
  let context: BrowserContext;
  let client: PaymentClient;
  let payout: { _id: string };
  let depositId: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pix-console-'));
    running = await startMockServer({ port: 0, seed: 11 });
    // The merchant's webhook receiver, answering each delivery.
    receiver = await listen((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
    running.mock.webhooks.setUrl(`${receiver.url}/webhooks/pix`);
    client = new PaymentClient({ baseUrl: running.url, ...running.mock.credentials });
    const customerId = running.mock.customers.seeded._id;
    const pixKey = await client.pixKeys.ensure(customerId, { type: 'CPF', key: '529.982.247-25' });
    const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
    payout = await client.withdrawals.create(
      buildWithdrawal({ amount: '10.50', customerId, currency, pixKey, externalId: HOSTILE }),
    );
    const deposit = await client.deposits.create(
      buildDeposit({
        amount: '25.00',
        customerId,
        currency: selectCurrency(await client.deposits.listCurrencies(), 'BRL'),
        externalId: 'order-1001',
      }),
    );
    depositId = deposit.data.id;
    context = await launchChromium(chromiumPath as string, dir);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await Promise.all([running?.close(), receiver?.close(), attacker?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** The console of `url`, with every error, CSP violation and dialog it raised. */
  async function openConsole(url = running.url): Promise<{ page: Page; problems: string[] }> {
    const page = await context.newPage();
    const problems: string[] = [];
    // Runs before the page's own script, outside its CSP: every violation is reported.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        problems.push(`${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('dialog', (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto(`${url}/__mock/console`, { timeout: 60_000 });
    return { page, problems };
  }

  it('a page of another origin cannot settle or pay: fetch and form posts are refused', async () => {
    const settle = `${running.url}/__mock/withdrawals/${payout._id}/settle`;
    const pay = `${running.url}/__mock/deposits/${depositId}/pay`;
    // Another port of the same machine: another origin, as a dev server or any local page is.
    attacker = await listen((_, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<iframe name="sink"></iframe>
<form id="form" method="POST" action="${settle}" enctype="text/plain" target="sink">
<input name='{"status":"PAID","x":"' value='"}'></form>
<form id="bare" method="POST" action="${pay}" target="sink"></form>`);
    });
    const page = await context.newPage();
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(running.url)) statuses.push(response.status());
    });
    await page.goto(`${attacker.url}/`);
    const outcomes = await page.evaluate(
      async ({ settle, pay }) => {
        const body = JSON.stringify({ status: 'PAID' });
        const tries: Array<() => Promise<unknown>> = [
          () =>
            fetch(settle, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body,
            }),
          () =>
            fetch(settle, {
              method: 'POST',
              mode: 'no-cors',
              headers: { 'content-type': 'text/plain' },
              body,
            }),
          () => fetch(pay, { method: 'POST', mode: 'no-cors' }),
        ];
        const results: string[] = [];
        for (const attempt of tries) {
          results.push(
            await attempt().then(
              (res) => `answered ${(res as Response).type} ${(res as Response).status}`,
              () => 'refused by the browser',
            ),
          );
        }
        for (const id of ['form', 'bare']) {
          const sink = document.querySelector('iframe') as HTMLIFrameElement;
          await new Promise((done) => {
            sink.addEventListener('load', done, { once: true });
            (document.getElementById(id) as HTMLFormElement).submit();
          });
        }
        return results;
      },
      { settle, pay },
    );
    // The JSON one needs the server's consent (a preflight), which it never gives; the others
    // reach the server and get 403, which the page cannot even read.
    expect(outcomes).toEqual(['refused by the browser', 'answered opaque 0', 'answered opaque 0']);
    expect(statuses.length).toBeGreaterThanOrEqual(4);
    expect(statuses.every((status) => status === 403)).toBe(true);
    expect((await client.withdrawals.get(payout._id)).currency?.status).toBe('PENDING');
    expect(running.mock.deposits.get(depositId)?.status).toBe('WAITING_PAYMENT');
    await page.close();
  }, 120_000);

  it('loads clean, shows the payout and its hostile externalId as text, and settles it with a click', async () => {
    const { page, problems } = await openConsole();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    const row = page.locator(`tr[data-id="${payout._id}"]`);
    await row.waitFor({ timeout: 30_000 });
    expect(await row.locator('.external-id').textContent()).toBe(HOSTILE);
    expect(await page.locator('img').count()).toBe(0);

    await row.locator('select').first().selectOption('PAID');
    await row.locator('button[data-action="settle"]').click();
    await page
      .locator(`tr[data-id="${payout._id}"] .status`, { hasText: /^PAID$/ })
      .waitFor({ timeout: 30_000 });
    expect((await client.withdrawals.get(payout._id)).currency?.status).toBe('PAID');
    // The delivery of its webhook, with what the receiver answered.
    await page.locator('#deliveries td', { hasText: /^200/ }).first().waitFor({ timeout: 30_000 });

    // The customer pays the deposit from the console: the screenshot shows both.
    await page.locator(`tr[data-id="${depositId}"] button[data-action="pay"]`).click();
    await page
      .locator(`tr[data-id="${depositId}"] .status`, { hasText: /^PAID$/ })
      .waitFor({ timeout: 30_000 });
    expect(running.mock.deposits.get(depositId)?.status).toBe('PAID');

    // A dispute on the mock clock, a step a day, moved on by the clock's field in the header.
    const deposit = page.locator(`tr[data-id="${depositId}"]`);
    await deposit.locator('select[aria-label^="Outcome"]').selectOption('REFUND_APPROVED');
    await deposit.locator('select[aria-label^="Pace"]').selectOption('86400000');
    await deposit.locator('button[data-action="dispute"]').click();
    await page
      .locator(`tr[data-id="${depositId}"] .status`, { hasText: /^AWAITING_REFUND_CONTESTION$/ })
      .waitFor({ timeout: 30_000 });
    await page.locator('#clock-advance').fill('1d');
    await page.locator('#clock-form button').click();
    await page
      .locator(`tr[data-id="${depositId}"] .status`, { hasText: /^AWAITING_BANK_VEREDICT$/ })
      .waitFor({ timeout: 30_000 });
    expect(running.mock.deposits.get(depositId)?.status).toBe('AWAITING_BANK_VEREDICT');
    await page.locator('#accounts td', { hasText: /held 25\b/ }).waitFor({ timeout: 30_000 });

    const update = process.env.PIX_UPDATE_SCREENSHOTS === '1';
    const target = update ? join(root, 'docs/images') : dir;
    mkdirSync(target, { recursive: true });
    await page.screenshot({ path: join(target, 'console.png'), fullPage: true });

    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('adds and clears a fault, and resends a webhook, from the page', async () => {
    const { page, problems } = await openConsole();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    const form = page.locator('#fault-form');
    await form.locator('select[name="method"]').selectOption('POST');
    await form.locator('input[name="path"]').fill('/withdraw');
    await form.locator('input[name="status"]').fill('503');
    await form.locator('input[name="times"]').fill('Infinity');
    await form.locator('button[type="submit"]').click();
    await page.locator('#faults td', { hasText: /^\/withdraw$/ }).waitFor({ timeout: 30_000 });
    const faults = () =>
      fetch(`${running.url}/__mock/faults`).then((res) => res.json()) as Promise<
        Array<{ method?: string; path?: string; status?: number; remaining: unknown }>
      >;
    expect(await faults()).toMatchObject([
      { method: 'POST', path: '/withdraw', status: 503, remaining: 'Infinity' },
    ]);
    await page.locator('#faults-clear').click();
    await page.locator('#faults p', { hasText: 'No fault.' }).waitFor({ timeout: 30_000 });
    expect(await faults()).toEqual([]);

    const before = running.mock.webhooks.deliveries.length;
    await page.locator(`tr[data-id="${payout._id}"] button[data-action="resend"]`).click();
    await page.locator('#deliveries td', { hasText: /^resend$/ }).waitFor({ timeout: 30_000 });
    const resent = running.mock.webhooks.deliveries.slice(before);
    expect(resent.map((d) => [d.trigger, d.payload.id, d.outcome])).toEqual([
      ['resend', payout._id, 'delivered'],
    ]);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('a server with a control token: the page asks for it, keeps it out of the page, and works with it', async () => {
    const secret = 'c0nsole-br0wser-T0ken';
    const guarded = await startMockServer({ port: 0, seed: 12, controlToken: secret });
    try {
      const { page } = await openConsole(guarded.url);
      const form = page.locator('#token-form');
      await form.waitFor({ state: 'visible', timeout: 30_000 });
      await page.locator('#token').fill(secret);
      await form.locator('button').click();
      await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
      expect(await form.isHidden()).toBe(true);
      const seen = await page.evaluate(() => ({
        html: document.documentElement.outerHTML,
        url: location.href,
        stored: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
        cookies: document.cookie,
      }));
      expect(JSON.stringify(seen)).not.toContain(secret);
      await page.close();
    } finally {
      await guarded.close();
    }
  }, 120_000);
});
