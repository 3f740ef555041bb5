/**
 * Take a Pix deposit: `npx tsx examples/take-a-deposit.ts`
 *
 * Shows:
 * - picking the currency from the DEPOSIT list (a withdrawal currency is refused with 400);
 * - `buildDeposit` with an amount in cents, `deposits.create`, and the Pix copy-and-paste code
 *   (BR Code) to show the payer, checked by the client and read with `parseBrCode`;
 * - `externalId` as the deposit's idempotency key: the client retries with it, and a repeat of
 *   `deposits.create` with the same one answers the first charge;
 * - learning that the payer paid: the details endpoint (`deposits.get`), which also tells who paid.
 *
 * Runs against the embedded mock by default (`mock.deposits.settle` plays the payer). With
 * PAYMENT_BASE_URL, PAYMENT_EMAIL, PAYMENT_PASSWORD and PAYMENT_CUSTOMER_ID set, it creates a
 * real R$ 1.00 charge and prints its code (nobody is charged until someone pays it).
 */
import {
  BadRequestError,
  buildDeposit,
  isCryptoTransaction,
  isPaymentConnectionError,
  isPaymentTimeoutError,
  PaymentClient,
  parseBrCode,
  selectCurrency,
} from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';

const env = process.env;
const real = Boolean(env.PAYMENT_BASE_URL && env.PAYMENT_EMAIL && env.PAYMENT_PASSWORD);
if (real && !env.PAYMENT_CUSTOMER_ID) {
  console.error('Against a real service, set PAYMENT_CUSTOMER_ID too.');
  process.exit(2);
}
const mock = real ? undefined : createPaymentServiceMock();
const client = mock
  ? new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials, fetch: mock.fetch })
  : new PaymentClient({
      baseUrl: env.PAYMENT_BASE_URL!,
      email: env.PAYMENT_EMAIL!,
      password: env.PAYMENT_PASSWORD!,
    });
const customerId = mock
  ? mock.customers.create({ name: 'Bruno Lima' })._id
  : env.PAYMENT_CUSTOMER_ID!;

// 1. The deposit currency. The withdrawal list has a BRL too, but it is another object: the
//    service refuses it for a deposit.
const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
if (mock) {
  const wrong = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
  try {
    await client.deposits.create(buildDeposit({ amount: '10.00', customerId, currency: wrong }));
  } catch (error) {
    if (!(error instanceof BadRequestError)) throw error;
    console.log(`a withdrawal currency in a deposit → ${error.status} ${error.serviceMessage}`);
  }
}

// 2. Create the charge. Amounts in cents avoid any float question: { cents: 4990 } is R$ 49.90.
const externalId = `order-${Date.now()}`;
let deposit: Awaited<ReturnType<typeof client.deposits.create>>;
try {
  deposit = await client.deposits.create(
    buildDeposit({
      amount: real ? { cents: 100 } : { cents: 4990 },
      customerId,
      currency,
      externalId,
    }),
  );
} catch (error) {
  // deposits.create was already retried by the client with the same externalId, which the service
  // treats as the same deposit. After a timeout or a dropped connection the charge may exist:
  // keep the order "pending" and call create again later with the SAME externalId, which answers
  // the first charge if there is one. A new externalId would create a second charge.
  if (isPaymentTimeoutError(error) || isPaymentConnectionError(error)) {
    console.error('outcome unknown: repeat with the same externalId, never a new one');
  }
  throw error;
}
const { data } = deposit;
console.log(`${deposit.message}: deposit ${data.id}, status ${data.status}`);

// The same externalId again is the same charge: same id, same code, nothing new created.
const again = await client.deposits.create(
  buildDeposit({
    amount: real ? { cents: 100 } : { cents: 4990 },
    customerId,
    currency,
    externalId,
  }),
);
if (again.data.id !== data.id || again.data.code !== data.code) {
  throw new Error('expected the first charge again');
}
console.log(`the same externalId again → the same deposit ${again.data.id}`);

// 3. The code to show the payer: as text (copy and paste) and as a QR code of the same string.
console.log(`\nPix copy-and-paste code:\n${data.code}\n`);
// deposits.create has already checked it (a Pix code, its checksum, the amount asked): a code that
// failed would have been a PaymentResponseError saying not to show it. parseBrCode reads it.
const brCode = parseBrCode(data.code);
console.log(
  `inside: a ${brCode.kind} code, amount ${brCode.amount ?? 'from the charge'}, merchant "${brCode.merchantName}", city "${brCode.merchantCity}", CRC ${brCode.crc}`,
);

// 4. The payer pays; the provider POSTs a webhook (see receive-webhooks.ts). Confirm with details.
if (mock) await mock.deposits.settle(data.id, 'PAID', { identifiedDocumentPix: true });
const details = await client.deposits.get(data.id);
// A Pix deposit's details carry `currency`; only a USDT deposit's would not.
if (isCryptoTransaction(details)) throw new Error('expected the details of a Pix deposit');
// identifiedDocumentPix (a boolean) says whether the Pix network validated the payer's document.
const checked =
  details.identifiedDocumentPix === undefined
    ? 'not checked yet'
    : details.identifiedDocumentPix
      ? 'validated'
      : 'not validated';
console.log(
  `details: ${details.currency.status}, ${details.currency.name} ${details.currency.amount.toFixed(2)}, ` +
    `externalId ${details.externalId ?? '—'}, payer's document ${checked}`,
);
if (!real && details.currency.status !== 'PAID') throw new Error('expected PAID');
