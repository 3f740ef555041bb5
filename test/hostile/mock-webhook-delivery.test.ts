import type { ServerResponse } from 'node:http';
import { buildDeposit, PaymentClient, selectCurrency } from 'pix-payment-sdk';
import {
  createPaymentServiceMock,
  type PaymentServiceMock,
  type RunningMockServer,
  startMockServer,
} from 'pix-payment-sdk/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { type Loopback, listen } from '../support/loopback.js';
import { refusedUrl, startReceiver } from '../support/mock-receiver.js';
import { rawJson, rawRequest } from '../support/raw-http.js';

// Webhook deliveries leave the mock for any URL a test sets: they must not be turned into a
// relay to another origin, a sink for an endless answer, a loop back into the mock, or a log
// that grows without end.

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

async function server(handler: Parameters<typeof listen>[0]): Promise<Loopback> {
  const loopback = await listen(handler);
  open.push(loopback.close);
  return loopback;
}

async function served(options: Parameters<typeof startMockServer>[0] = {}) {
  const running = await startMockServer({ port: 0, ...options });
  open.push(running.close);
  return running;
}

/** A deposit created over HTTP, whose webhook `settle` and the resend route then send. */
async function depositOn(running: RunningMockServer): Promise<string> {
  const client = new PaymentClient({ baseUrl: running.url, ...running.mock.credentials });
  const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
  const { data } = await client.deposits.create(
    buildDeposit({
      amount: { cents: 100 },
      customerId: running.mock.customers.seeded._id,
      currency,
    }),
  );
  return data.id;
}

describe('a redirect from the receiver is its answer, never followed', () => {
  it('301, 302, 307 and 308: the payload goes nowhere else, and the delivery is not "delivered"', async () => {
    const elsewhere = await server((_request, response) => response.end('{}'));
    let status = 301;
    const receiver = await server((_request, response) => {
      response.writeHead(status, { location: `${elsewhere.url}/stolen` });
      response.end();
    });
    const running = await served({ seed: 41, webhookUrl: `${receiver.url}/hook` });
    const id = await depositOn(running);
    for (const code of [301, 302, 307, 308]) {
      status = code;
      const delivery = await running.mock.deposits.settle(id, 'PAID');
      expect(delivery).toMatchObject({ outcome: 'rejected', status: code });
      expect(delivery.error).toContain('redirect');
    }
    expect(elsewhere.received).toEqual([]);
    expect(receiver.received).toHaveLength(4);
  });
});

describe("a receiver's answer body is read only up to a small cap", () => {
  it('an answer of 64 MB: the delivery ends after a bounded part of it and is recorded', async () => {
    const TOTAL = 64 * 1024 * 1024;
    let written = 0;
    let ended: Promise<void> = Promise.resolve();
    const receiver = await server((request, response: ServerResponse) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      // Writes as fast as the reader takes it, so `written` is what the delivery let in.
      ended = new Promise((resolve) => {
        response.once('close', () => resolve());
        const pump = () => {
          while (written < TOTAL) {
            written += chunk.length;
            if (!response.write(chunk)) {
              response.once('drain', pump);
              return;
            }
          }
          response.end();
        };
        pump();
      });
    });
    const running = await served({ seed: 42, webhookUrl: `${receiver.url}/hook` });
    const id = await depositOn(running);
    const delivery = await running.mock.deposits.settle(id, 'PAID');
    await ended;
    expect(delivery).toMatchObject({ outcome: 'delivered', status: 200 });
    // The cap is 64 KiB; what sits in socket buffers on the way comes on top, far below 64 MB.
    expect(written).toBeLessThan(24 * 1024 * 1024);
  }, 30_000);
});

describe('a delivery can never come back into a mock', () => {
  it('a URL under /__mock/ or at the mock server itself is refused: 400 over HTTP, TypeError from setUrl', async () => {
    const running = await served({ seed: 43 });
    const { port } = new URL(running.url);
    for (const url of [
      `${running.url}/__mock/deposits/x/settle`,
      `http://localhost:${port}/webhooks`,
      `http://127.0.0.2:${port}/`,
      `http://[::1]:${port}/hook`,
      `http://0.0.0.0:${port}/hook`,
      'http://other-host.example:4010/__mock/deposits/x/settle',
    ]) {
      const answer = await rawJson(running.url, 'PUT', '/__mock/webhooks/url', { url });
      expect(answer.status, url).toBe(400);
      expect(() => running.mock.webhooks.setUrl(url), url).toThrow(TypeError);
    }
    expect(running.mock.webhooks.url).toBeNull();
    running.mock.webhooks.setUrl(`http://127.0.0.1:${Number(port) + 1}/hook`);
    expect(() => createPaymentServiceMock({ webhookUrl: 'http://x.test/__mock/reset' })).toThrow(
      TypeError,
    );
  });

  it('one resend through a relay to the settle route sets off one delivery, not a loop', async () => {
    let target = '';
    // Forwards each delivery, headers and all, to the mock's own settle route.
    const relay = await server((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers)) {
          if (typeof value === 'string' && name !== 'host' && name !== 'content-length') {
            headers[name] = value;
          }
        }
        const forwarded = await fetch(target, {
          method: 'POST',
          headers,
          body: Buffer.concat(chunks),
        }).catch(() => undefined);
        response.writeHead(forwarded?.status ?? 502);
        response.end();
      });
    });
    const running = await served({ seed: 44, webhookUrl: `${relay.url}/hook` });
    const id = await depositOn(running);
    target = `${running.url}/__mock/deposits/${id}/settle`;
    const token = await running.mock.auth.issueToken();
    const resend = await fetch(`${running.url}/deposit/${id}/resend/webhook`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(resend.status).toBe(200);
    const deliveries = await running.mock.webhooks.flush();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ trigger: 'resend', outcome: 'rejected', status: 403 });
    expect(relay.received).toHaveLength(1);
  });

  it('a request carrying the delivery marker is refused by every mock server, before the router', async () => {
    const running = await served({ seed: 45 });
    const answer = await rawRequest(
      running.url,
      'POST',
      '/__mock/reset',
      { 'x-pix-payment-mock-delivery': '1', 'content-type': 'application/json' },
      '{}',
    );
    expect(answer.status).toBe(403);
    expect(running.mock.requests).toEqual([]);
  });

  it('a mock whose webhook URL is its own server is refused at start, and nothing stays listening', async () => {
    const port = Number(new URL(await refusedUrl()).port);
    const mock = createPaymentServiceMock({
      seed: 46,
      webhookUrl: `http://localhost:${port}/webhooks`,
    });
    await expect(startMockServer({ mock, port })).rejects.toThrow(/is this mock itself/);
    // The port is free again: a server of another mock takes it.
    const again = await served({ seed: 47, port });
    expect(again.url).toBe(`http://127.0.0.1:${port}`);
  });

  it("a sub-account cannot register a webhook at the mock's control routes or its server", async () => {
    const running = await served({ seed: 50 });
    const sub = running.mock.company.createSubAccount();
    const login = await rawJson(running.url, 'POST', '/auth/token', sub.credentials);
    const { token } = login.json as { token: string };
    const { port } = new URL(running.url);
    for (const url of [`${running.url}/__mock/reset`, `http://localhost:${port}/hook`]) {
      const answer = await rawJson(
        running.url,
        'POST',
        '/webhook/subaccount',
        { name: 'Loop', externalWebhookUrl: url },
        { authorization: `Bearer ${token}` },
      );
      expect(answer.status, url).toBe(400);
    }
    expect(running.mock.account(sub._id).webhooks.url).toBeNull();
    expect(() => running.mock.account(sub._id).webhooks.setUrl(`${running.url}/x`)).toThrow(
      TypeError,
    );
  });

  it("one mock's delivery to another mock server is refused there (403), and journals nothing", async () => {
    const running = await served({ seed: 48 });
    const other = await served({ seed: 49 });
    other.mock.webhooks.setUrl(`${running.url}/hook`);
    const id = await depositOn(other);
    const delivery = await other.mock.deposits.settle(id, 'PAID');
    expect(delivery).toMatchObject({ outcome: 'rejected', status: 403 });
    expect(running.mock.requests).toEqual([]);
  });
});

describe('webhookTimeoutMs and the delivery log are bounded', () => {
  it('webhookTimeoutMs above 2^31 - 1 is refused with a TypeError that says the limit', async () => {
    for (const webhookTimeoutMs of [2 ** 31, 1e12]) {
      expect(() => createPaymentServiceMock({ webhookTimeoutMs })).toThrow(/at most 2147483647/);
    }
    await expect(startMockServer({ port: 0, webhookTimeoutMs: 2 ** 31 })).rejects.toThrow(
      TypeError,
    );
    const receiver = await startReceiver();
    open.push(receiver.close);
    const longest = await served({
      seed: 48,
      webhookUrl: receiver.url,
      webhookTimeoutMs: 2 ** 31 - 1,
    });
    const id = await depositOn(longest);
    expect(await longest.mock.deposits.settle(id, 'PAID')).toMatchObject({
      outcome: 'delivered',
    });
  });

  it('deliveryLogLimit keeps the newest deliveries only; the default keeps 10,000', async () => {
    const small = await served({ seed: 49, deliveryLogLimit: 3 });
    const id = await depositOn(small);
    for (let i = 0; i < 5; i++) await small.mock.deposits.settle(id, 'PAID');
    expect(small.mock.webhooks.deliveries.map((delivery) => delivery.id)).toEqual([3, 4, 5]);
    const state = await rawRequest(small.url, 'GET', '/__mock/state');
    expect(state.json).toMatchObject({ counts: { deliveries: 3 } });

    const plain = await served({ seed: 50 });
    const plainId = await depositOn(plain);
    const mock: PaymentServiceMock = plain.mock;
    for (let i = 0; i < 10_005; i++) await mock.deposits.settle(plainId, 'PAID');
    const kept = mock.webhooks.deliveries;
    expect(kept).toHaveLength(10_000);
    expect(kept[0]?.id).toBe(6);
    expect(() => createPaymentServiceMock({ deliveryLogLimit: 0 })).toThrow(TypeError);
  });
});
