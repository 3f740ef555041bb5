/**
 * Receive USDT: `npx tsx examples/receive-usdt.ts`
 *
 * Shows:
 * - `customers.getWallet`: the customer's fixed deposit address and the networks it takes USDT
 *   on (anything else sent there is lost);
 * - a USDT transfer arriving (`mock.crypto.receive`), its webhook (`name: 'USDT'`, no `type`)
 *   and the details to confirm it with, before the balance is released to the customer;
 * - on-ramp: `deposits.quote`, then `buildCryptoDeposit`, a Pix charge whose payment is credited
 *   as USDT at the rate of the payment.
 *
 * Runs against the embedded mock only (a USDT transfer can only be simulated there).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  buildCryptoDeposit,
  isCryptoTransaction,
  PaymentClient,
  parseWebhookPayload,
  selectCurrency,
} from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';

// A webhook receiver of your own; here it only records what arrives.
const received: unknown[] = [];
const receiver = createServer((request, response) => {
  let text = '';
  request.on('data', (chunk) => {
    text += chunk;
  });
  request.on('end', () => {
    received.push(parseWebhookPayload(JSON.parse(text)));
    response.writeHead(200).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const { port } = receiver.address() as AddressInfo;

const mock = createPaymentServiceMock({
  rates: { USDT: '5.364' },
  webhookUrl: `http://127.0.0.1:${port}/webhooks`,
});
const client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials, fetch: mock.fetch });
const customerId = mock.customers.seeded._id;

try {
  // 1. The address to show the customer, with the networks it takes USDT on.
  const [wallet] = await client.customers.getWallet(customerId);
  if (!wallet) throw new Error('the customer has no wallet');
  console.log(
    `send only USDT, on ${wallet.blockchainNetworks.join(' / ')}, to ${wallet.publicKey}`,
  );

  // 2. A transfer arrives (simulated by the mock): a webhook, then confirm with the details.
  const transfer = await mock.crypto.receive(customerId, { amount: '25.5', network: 'BEP-20' });
  await mock.webhooks.flush();
  console.log('webhook:', JSON.stringify(received.at(-1)));
  const details = await client.deposits.get(transfer._id);
  if (isCryptoTransaction(details)) {
    const network = details.cryptocurrency.blockchainNetwork as { name?: string } | undefined;
    console.log(
      `confirmed: ${details.cryptocurrency.amount} ${details.cryptocurrency.name} on ${network?.name}, ${details.cryptocurrency.status}`,
    );
  }

  // 3. On-ramp: a Pix charge in BRL, credited as USDT once paid. Quote first (not locked).
  const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
  const cryptocurrency = selectCurrency(await client.deposits.listCryptocurrencies(), 'USDT');
  const quote = await client.deposits.quote({ amount: '100.00', currency });
  console.log(`quote: R$ 100.00 -> ${quote.amount} USDT (rate ${quote.rate})`);
  const { data } = await client.deposits.create(
    buildCryptoDeposit({ amount: '100.00', customerId, currency, cryptocurrency }),
  );
  console.log(`Pix code for the payer: ${data.code.slice(0, 40)}…`);
  await mock.deposits.settle(data.id, 'PAID'); // the payer pays
  const credited = await client.deposits.get(data.id);
  console.log(`paid: R$ ${credited.currency?.amount} -> ${credited.cryptocurrency?.amount} USDT`);
  const balances = await client.company.getBalance();
  console.log(`USDT balance: ${balances.find((b) => b.cryptocurrency)?.totalAmount}`);
} finally {
  await mock.webhooks.flush();
  receiver.close();
}
