/**
 * Quote, then pay out USDT as Pix: `npx tsx examples/quote-then-off-ramp.ts`
 *
 * Shows:
 * - the withdrawal side's lists: the BRL currency and the USDT cryptocurrency, each whole;
 * - `withdrawals.quote`: the BRL an amount of USDT pays out, the provider's rate text and the
 *   exact `rate` the client reads from it (a quote is not locked: the payout converts later);
 * - `buildCryptoWithdrawal`: USDT exact to six decimals (a seventh is refused before sending);
 * - `withdrawals.create` with the crypto body: the USDT held until the payout is paid, the
 *   `externalId` sent twice and paid once, the details with both sides;
 * - a withdrawal to a wallet: `quoteToWallet` (net of gas) and `buildWalletWithdrawal`, which
 *   refuses a mistyped address by its EIP-55 checksum.
 *
 * Runs against the embedded mock only (100 USDT on the account, 5.364 BRL per USDT): it moves
 * money, so it never runs against a real service.
 */
import {
  buildCryptoWithdrawal,
  buildWalletWithdrawal,
  isPaymentValidationError,
  PaymentClient,
  selectCurrency,
} from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';

const mock = createPaymentServiceMock({
  balance: { BRL: '0.00', USDT: '100' },
  rates: { USDT: '5.364' },
});
const client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials, fetch: mock.fetch });
const customerId = mock.customers.seeded._id;

const usdt = async () =>
  (await client.company.getBalance()).find((balance) => balance.cryptocurrency)?.totalAmount;

// 1. The withdrawal side's objects, whole (never the deposit side's: the service refuses them).
const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
const cryptocurrency = selectCurrency(await client.withdrawals.listCryptocurrencies(), 'USDT');
const pixKey = await client.pixKeys.ensure(customerId, { type: 'EMAIL', key: 'ana@example.com' });

// 2. The quote: BRL for 10 USDT at the current rate. Show it; it is not a promise.
const quote = await client.withdrawals.quote({ amount: '10', cryptocurrency });
console.log(
  `quote: 10 USDT -> R$ ${quote.amount} (${quote.cryptoToFiatExchangeRate}, rate ${quote.rate})`,
);

// 3. The payout: a seventh decimal of USDT is refused before anything is sent.
try {
  buildCryptoWithdrawal({ amount: '10.0000001', customerId, currency, cryptocurrency, pixKey });
} catch (error) {
  if (!isPaymentValidationError(error)) throw error;
  console.log(`refused before sending: ${error.issues[0]?.message}`);
}
const body = buildCryptoWithdrawal({
  amount: '10',
  customerId,
  currency,
  cryptocurrency,
  pixKey,
  externalId: 'payout-2025-0042',
});
const first = await client.withdrawals.create(body);
const again = await client.withdrawals.create(body); // a retry: the same withdrawal
console.log(
  `payout ${first._id} ${first.status}; sent twice, one withdrawal: ${first._id === again._id}`,
);
console.log(`USDT held while pending: balance ${await usdt()}`);

await mock.withdrawals.settle(first._id, 'PAID');
const details = await client.withdrawals.get(first._id);
console.log(
  `paid: ${details.cryptocurrency?.amount} USDT -> R$ ${details.currency?.amount} to ${pixKey.key}`,
);

// 4. To a wallet instead: the quote is net of the network's gas; the address is checked first.
const networks = await client.withdrawals.listNetworks();
const bep20 = networks.find((network) => network.name === 'BEP-20');
if (!bep20) throw new Error('no BEP-20 network listed');
const net = await client.withdrawals.quoteToWallet({
  amount: '20',
  cryptocurrency,
  blockchainNetwork: bep20,
});
console.log(`20 USDT to a BEP-20 wallet arrives as ${net.amount} USDT after gas`);
const wallet = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
try {
  buildWalletWithdrawal({
    amount: '20',
    customerId,
    cryptocurrency,
    blockchainNetwork: bep20,
    wallet: wallet.replace('aA', 'Aa'), // one letter in the wrong case
  });
} catch (error) {
  if (!isPaymentValidationError(error)) throw error;
  console.log(`mistyped address refused: ${error.issues[0]?.message}`);
}
const toWallet = await client.withdrawals.create(
  buildWalletWithdrawal({
    amount: '20',
    customerId,
    cryptocurrency,
    blockchainNetwork: bep20,
    wallet,
  }),
);
console.log(`wallet withdrawal ${toWallet._id} ${toWallet.status}; USDT balance ${await usdt()}`);
