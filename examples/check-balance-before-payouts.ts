/**
 * Check the balance before a payout batch: `npx tsx examples/check-balance-before-payouts.ts`
 *
 * Shows:
 * - the account's balances (`company.getBalance`), fiat and crypto, and the BRL one as exact
 *   integer cents (`brlBalance`): compare cents with cents (`toCents`), never floats;
 * - a batch planned against the available balance: what fits is paid, the rest waits;
 * - a withdrawal holding its amount while it is pending (`heldCents`) and spending it when paid;
 * - a withdrawal above the available balance refused by the service: nothing is created and the
 *   balance does not move (the service calls it "saldo insuficiente");
 * - the balance route's own IP allowlist: its 401 says so.
 *
 * Runs against the embedded mock by default, with R$ 500.00 on the account. With
 * PAYMENT_BASE_URL, PAYMENT_EMAIL and PAYMENT_PASSWORD set it only reads the real balance and
 * says whether the batch would fit: it pays nothing.
 */
import {
  BadRequestError,
  brlBalance,
  buildWithdrawal,
  formatCents,
  PaymentClient,
  selectCurrency,
  toCents,
  UnauthorizedError,
} from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';

const env = process.env;
const real = Boolean(env.PAYMENT_BASE_URL && env.PAYMENT_EMAIL && env.PAYMENT_PASSWORD);
const mock = real ? undefined : createPaymentServiceMock({ balance: { BRL: '500.00' } });

const client = mock
  ? new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials, fetch: mock.fetch })
  : new PaymentClient({
      baseUrl: env.PAYMENT_BASE_URL!,
      email: env.PAYMENT_EMAIL!,
      password: env.PAYMENT_PASSWORD!,
    });

/** The BRL balance as the service reports it now, in cents. */
async function brl(): Promise<{ availableCents: number; heldCents: number }> {
  const found = brlBalance(await client.company.getBalance());
  if (found === undefined) throw new Error('the account has no BRL balance');
  return found;
}

const show = (label: string, cents: { availableCents: number; heldCents: number }) =>
  console.log(
    `${label}: available R$ ${formatCents(cents.availableCents)}, held R$ ${formatCents(cents.heldCents)}`,
  );

// 1. Every balance, as the service answers it: fiat ones name a currency, crypto ones a
//    cryptocurrency. The amounts are decimals; brlBalance reads them as integer cents.
for (const balance of await client.company.getBalance()) {
  const name = balance.currency?.name ?? balance.cryptocurrency?.name;
  const held = balance.totalHeld === undefined ? '' : ` (held ${balance.totalHeld})`;
  console.log(`balance ${name}: ${balance.totalAmount}${held}`);
}
const before = await brl();
show('before the batch', before);

// 2. The batch, in cents from the start: toCents reads '150.75' as 15075 with no float arithmetic.
const batch = [
  { externalId: 'payout-0001', amount: '150.75' },
  { externalId: 'payout-0002', amount: '89.90' },
  { externalId: 'payout-0003', amount: '300.00' },
];
let budget = before.availableCents;
const now: typeof batch = [];
const later: typeof batch = [];
for (const payout of batch) {
  const cents = toCents(payout.amount);
  if (cents <= budget) {
    budget -= cents;
    now.push(payout);
  } else later.push(payout);
}
console.log(
  `pay now: ${now.map((p) => p.externalId).join(', ') || 'none'}; wait for funds: ${later.map((p) => p.externalId).join(', ') || 'none'}`,
);

if (!mock) {
  console.log('(against a real service this example only reads: nothing was paid)');
} else {
  const customerId = mock.customers.create({ name: 'Ana Souza' })._id;
  const pixKey = await client.pixKeys.ensure(customerId, { type: 'EMAIL', key: 'ana@example.com' });
  const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
  const pay = (payout: (typeof batch)[number]) =>
    client.withdrawals.create(buildWithdrawal({ ...payout, customerId, currency, pixKey }));

  // 3. A pending withdrawal holds its amount: it leaves the available balance at once.
  const created = [];
  for (const payout of now) created.push(await pay(payout));
  const pending = await brl();
  show('while pending', pending);
  const sent = now.reduce((sum, payout) => sum + toCents(payout.amount), 0);
  if (pending.heldCents !== before.heldCents + sent) throw new Error('expected the batch held');

  // 4. The one that did not fit: the service refuses it and creates nothing.
  const [tooMuch] = later;
  if (tooMuch !== undefined) {
    try {
      await pay(tooMuch);
      throw new Error('expected the service to refuse a withdrawal above the balance');
    } catch (error) {
      if (!(error instanceof BadRequestError)) throw error;
      console.log(`${tooMuch.externalId} refused (${error.status}): ${error.serviceMessage}`);
    }
    const unchanged = await brl();
    if (unchanged.availableCents !== pending.availableCents) throw new Error('balance moved');
    console.log(`withdrawals on file: ${mock.withdrawals.list().length} (the refused one is not)`);
  }

  // 5. Paid: the held amount is spent. A failed withdrawal would give it back instead.
  for (const withdrawal of created) await mock.withdrawals.settle(withdrawal._id, 'PAID');
  const after = await brl();
  show('after the batch', after);
  if (
    after.availableCents !== before.availableCents - sent ||
    after.heldCents !== before.heldCents
  ) {
    throw new Error('expected the batch spent, nothing held');
  }

  // 6. The balance route has an IP allowlist of its own (the dashboard's "IP Permitidos para
  //    consulta de saldo via API"). The mock plays a server missing from it:
  mock.company.allowBalanceIps(['198.51.100.10']);
  try {
    await client.company.getBalance();
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) throw error;
    console.log(`refused: ${error.message}`);
  }
}
