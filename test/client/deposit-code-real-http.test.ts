// deposits.create over real HTTP: the mock's server behind a proxy on 127.0.0.1 that edits the
// deposit's Pix code on its way to the client. The client refuses an edited code, and the error
// names the deposit the server created.
import type { IncomingMessage } from 'node:http';
import {
  buildDeposit,
  type Currency,
  PaymentClient,
  PaymentResponseError,
  parseBrCode,
} from 'pix-payment-sdk';
import { type RunningMockServer, startMockServer } from 'pix-payment-sdk/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_EDITS } from '../support/br-code-edits.js';
import { rejectionOf } from '../support/client-setup.js';
import { type Loopback, listen } from '../support/loopback.js';

describe('deposits.create: the Pix code of the answer, over real HTTP', () => {
  let running: RunningMockServer;
  let proxy: Loopback;
  let edit: (code: string) => string = (code) => code;

  beforeAll(async () => {
    running = await startMockServer({
      port: 0,
      credentials: { email: 'finance@merchant.example', password: 'real-http-password' },
    });
    proxy = await listen((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        const answer = await fetch(`${running.url}${request.url ?? ''}`, {
          method: request.method ?? 'GET',
          headers: {
            'content-type': 'application/json',
            authorization: request.headers.authorization ?? '',
          },
          ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
        });
        let text = await answer.text();
        if (request.url === '/deposit' && answer.ok) {
          const body = JSON.parse(text) as { data: { code: string } };
          body.data.code = edit(body.data.code);
          text = JSON.stringify(body);
        }
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
      });
    });
  });
  afterAll(async () => {
    await proxy.close();
    await running.close();
  });

  const client = () =>
    new PaymentClient({
      baseUrl: proxy.url,
      email: 'finance@merchant.example',
      password: 'real-http-password',
      retryBackoff: { initialDelayMs: 1, maxDelayMs: 2 },
    });

  async function create(): Promise<unknown> {
    const customerId = running.mock.customers.seeded._id;
    const [currency] = (await client().deposits.listCurrencies()) as Currency[];
    if (!currency) throw new Error('the mock lists no deposit currency');
    return client().deposits.create(buildDeposit({ amount: '25.00', customerId, currency }));
  }

  it('hands over the code the server issued', async () => {
    edit = (code) => code;
    const { data } = (await create()) as { data: { code: string } };
    expect(parseBrCode(data.code)).toMatchObject({ kind: 'dynamic', amount: '25.00' });
  });

  it.each(CODE_EDITS)('refuses $name, naming the deposit the server created', async (bad) => {
    edit = bad.edit;
    const before = running.mock.deposits.list().length;
    const error = await rejectionOf(create());
    expect(error).toBeInstanceOf(PaymentResponseError);
    expect((error as Error).message).toContain(bad.issue);
    const created = running.mock.deposits.list();
    expect(created).toHaveLength(before + 1);
    expect((error as Error).message).toContain(`id "${created.at(-1)?._id}"`);
  });
});
