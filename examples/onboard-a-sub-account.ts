/**
 * Onboard a sub-account (partner accounts): `npx tsx examples/onboard-a-sub-account.ts`
 *
 * Shows:
 * - creating the sub-account with the main account's client (`company.createSubAccount`): the
 *   new company's first login, and the fee the main account takes on its deposits (a percentage)
 *   and withdrawals (a fixed amount), each on a whole listed currency;
 * - the sub-account's own client, logged in with that login at once, finishing the setup:
 *   its webhook (`company.registerWebhook`) and its withdrawal IP (`company.allowWithdrawalIp`);
 * - both setup calls working once: a second one is a `BadRequestError`, which after a timeout
 *   tells you the first arrived;
 * - input checked before sending: a URL that is not http(s), something that is no IP address;
 * - the sub-account's own balance and customers: the main account's ids mean nothing to it.
 *
 * Embedded mock only: it creates an account.
 */
import {
  BadRequestError,
  brlBalance,
  formatCents,
  isPaymentApiErrorWithStatus,
  PaymentClient,
  PaymentValidationError,
  selectCurrency,
} from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';

const mock = createPaymentServiceMock();
const main = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials, fetch: mock.fetch });

// 1. The main account creates the sub-account. The fee objects carry the WHOLE listed currency,
//    from the deposit list for deposits and the withdrawal list for withdrawals.
const depositCurrency = selectCurrency(await main.deposits.listCurrencies(), 'BRL');
const withdrawalCurrency = selectCurrency(await main.withdrawals.listCurrencies(), 'BRL');
const login = { email: 'financeiro@loja.example', password: 'Loja-Exemplo-2026!' };
const created = await main.company.createSubAccount({
  user: {
    name: 'Loja Exemplo Ltda',
    ...login,
    phone: { type: 'mobile', number: '999999999', areaCode: '11', countryCode: '55' },
  },
  deposit: {
    currencies: [{ currency: depositCurrency, fee: { type: 'PERCENTAGE', value: 1 } }],
    blockchainNetworks: [],
    cryptocurrencies: [],
  },
  withdraw: {
    currencies: [{ currency: withdrawalCurrency, fee: { type: 'FIXED', value: 1.5 } }],
    blockchainNetworks: [],
    cryptocurrencies: [],
  },
});
console.log(`main account: ${created.message}`);

// 2. The answer has no id: the login chosen above is how you reach the sub-account. Its own
//    client logs in with it right away.
const sub = new PaymentClient({ baseUrl: mock.baseUrl, ...login, fetch: mock.fetch });

// 3. Input is checked before anything is sent.
for (const attempt of [
  () =>
    sub.company.registerWebhook({
      name: 'Primeiro Webhook',
      externalWebhookUrl: 'ftp://loja.example/pix',
    }),
  () => sub.company.allowWithdrawalIp('203.0.113.300'),
]) {
  try {
    await attempt();
  } catch (error) {
    if (!(error instanceof PaymentValidationError)) throw error;
    console.log(`caught before sending: ${error.message}`);
  }
}

// 4. The setup, each call once.
const webhook = {
  name: 'Primeiro Webhook',
  externalWebhookUrl: 'https://loja.example/webhooks/pix',
};
console.log(`sub-account: ${(await sub.company.registerWebhook(webhook)).message}`);
console.log(`sub-account: ${(await sub.company.allowWithdrawalIp('203.0.113.7')).message}`);

// The mock shows where the sub-account's notifications now go: its own URL, not the main one's.
const account = mock.account(mock.company.subAccounts.at(-1)?._id);
console.log(`the sub-account's callback URL: ${account.webhooks.url}`);

// 5. A second call is refused: the service keeps only the first webhook and the first IP (add
//    more in the dashboard). After a timeout, this 400 is how you learn the first one arrived.
for (const again of [
  () => sub.company.registerWebhook(webhook),
  () => sub.company.allowWithdrawalIp('203.0.113.8'),
]) {
  try {
    await again();
    throw new Error('expected a one-time route to refuse a second call');
  } catch (error) {
    if (!(error instanceof BadRequestError)) throw error;
    console.log(`second call refused (400): ${error.serviceMessage}`);
  }
}

// 6. The main account is no sub-account: the setup routes are not for it.
try {
  await main.company.registerWebhook(webhook);
  throw new Error('expected the main account to be refused');
} catch (error) {
  if (!(error instanceof BadRequestError)) throw error;
  console.log(`main account on a sub-account route (400): ${error.serviceMessage}`);
}

// 7. Its own balance, and its own customers: an id of the main account is unknown to it.
const subBrl = brlBalance(await sub.company.getBalance());
console.log(`sub-account BRL available: R$ ${formatCents(subBrl?.availableCents ?? 0)}`);
const mainCustomer = mock.customers.create({ name: 'Ana Souza' });
try {
  await sub.customers.get(mainCustomer._id);
  throw new Error("expected the main account's customer to be unknown to the sub-account");
} catch (error) {
  if (!isPaymentApiErrorWithStatus(error, 404)) throw error;
  console.log("the main account's customer, asked by the sub-account: 404");
}
