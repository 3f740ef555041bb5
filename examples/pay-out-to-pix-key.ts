/**
 * Pay out to a customer's Pix key: `npx tsx examples/pay-out-to-pix-key.ts`
 *
 * Shows:
 * - checking a Pix key locally first (`validatePixKey`), before any request;
 * - registering it once, or finding it when it is already there (`pixKeys.ensure`);
 * - picking the withdrawal currency (`selectCurrency`) and building the body from the WHOLE key
 *   and currency objects (`buildWithdrawal`);
 * - your own `externalId` as the idempotency key: sending the same withdrawal again (after a
 *   timeout, a crash, a double click) answers the first one and never pays twice;
 * - learning the outcome from the details endpoint (`withdrawals.get`).
 *
 * Runs against the embedded mock by default, where `mock.withdrawals.settle` plays the part of
 * the provider paying. With PAYMENT_BASE_URL, PAYMENT_EMAIL, PAYMENT_PASSWORD and
 * PAYMENT_CUSTOMER_ID set it pays out for real (R$ 1.00 to PAYOUT_PIX_KEY, an EMAIL key, default
 * ana@example.com): be sure you mean it.
 */
import {
  buildWithdrawal,
  isCryptoTransaction,
  PaymentClient,
  selectCurrency,
  validatePixKey,
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
  ? mock.customers.create({ name: 'Ana Souza' })._id
  : env.PAYMENT_CUSTOMER_ID!;

// 1. Check the key the customer typed before calling anything. `validatePixKey` applies the
//    Banco Central rules per type and normalises (CPF/CNPJ punctuation removed, e-mail trimmed).
const typed = { type: 'EMAIL' as const, key: env.PAYOUT_PIX_KEY ?? 'ana@example.com' };
const checked = validatePixKey(typed);
if (!checked.valid) throw new Error(`ask the customer again: ${checked.reason}`);
console.log(`key checked locally: ${typed.type} ${checked.key}`);
const rejected = validatePixKey({ type: 'CPF', key: '123.456.789-00' });
console.log(
  `a mistyped CPF is caught before sending: ${rejected.valid ? 'valid?!' : rejected.reason}`,
);

// 2. Register it or find it. `ensure` lists the customer's keys first and adds only when absent,
//    so running this twice registers nothing twice.
const pixKey = await client.pixKeys.ensure(customerId, { type: typed.type, key: checked.key });
const again = await client.pixKeys.ensure(customerId, { type: typed.type, key: checked.key });
console.log(`Pix key ${pixKey._id} (ensure again → same _id: ${again._id === pixKey._id})`);

// 3. The currency object, whole, from the WITHDRAWAL list (deposit currencies are other objects).
const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');

// 4. Your reference: one per payout, stored with it BEFORE calling, so a retry after a crash reuses it.
const externalId = `payout-${customerId.slice(-6)}-${Date.now()}`;
const body = buildWithdrawal({
  amount: real ? '1.00' : '150.75', // decimal string, number with ≤ 2 decimals, or { cents }
  customerId,
  currency,
  pixKey,
  externalId,
});
const created = await client.withdrawals.create(body);
console.log(
  `withdrawal ${created._id}: ${created.status} (${created.message}), externalId ${created.externalId}`,
);

// 5. The same request again — as after a timeout whose outcome you do not know. The service
//    treats the repeated externalId as the same withdrawal: same _id, nothing paid twice.
const retried = await client.withdrawals.create(body);
console.log(
  `sent again with the same externalId → same withdrawal: ${retried._id === created._id}`,
);
if (mock) console.log(`withdrawals the mock holds: ${mock.withdrawals.list().length}`);

// 6. The outcome. The provider settles it and POSTs a webhook (see receive-webhooks.ts); whatever
//    tells you, the details endpoint is the source of truth.
if (mock) await mock.withdrawals.settle(created._id, 'PAID');
const details = await client.withdrawals.get(created._id);
// A Pix withdrawal's details carry `currency`; only a USDT operation's would not.
if (isCryptoTransaction(details)) throw new Error('expected the details of a Pix withdrawal');
console.log(
  `details: ${details.currency.status}, ${details.currency.name} ${details.currency.amount.toFixed(2)}, externalId ${details.externalId}`,
);
if (!real && details.currency.status !== 'PAID') throw new Error('expected PAID');
