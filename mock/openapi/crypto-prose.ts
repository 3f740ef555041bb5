import { INSUFFICIENT_BALANCE } from '../service/handlers/withdrawals.js';
import { CRYPTO_LISTS, WALLET_NETWORKS, walletAddressOf } from '../service/state/crypto.js';
import { examples, ids } from './examples.js';
import type { OperationProse } from './types.js';

// The prose of the crypto operations (per the provider's public "Cripto" pages), beside the rest
// in prose.ts; the examples are the mock's own lists.

const AUTH_401 =
  'Invalid or expired token; invalid or missing header; IP not allowed (the service restricts callers by IP address).';
const SERVER_500 = 'Internal server error.';
const MALFORMED =
  'the body is not JSON, not sent as `Content-Type: application/json`, empty, not valid UTF-8, or not a JSON object';

const [usdtOut] = CRYPTO_LISTS.withdrawal.cryptocurrencies;
const bep20Out = CRYPTO_LISTS.withdrawal.networks[1];
const [usdtIn] = CRYPTO_LISTS.deposit.cryptocurrencies;

/** @internal Examples of the crypto bodies and answers. */
export const cryptoBodyExamples = {
  onRampRequest: {
    amount: 100,
    customerId: ids.customer,
    currency: examples.depositCurrency,
    cryptocurrency: usdtIn,
    externalId: 'onramp-2025-0001',
  },
  offRampRequest: {
    amount: 10,
    customerId: ids.customer,
    currency: examples.withdrawCurrency,
    cryptocurrency: usdtOut,
    pixKey: examples.pixKey,
    externalId: 'offramp-2025-0001',
  },
  walletRequest: {
    amount: 10,
    customerId: ids.customer,
    cryptocurrency: usdtOut,
    blockchainNetwork: bep20Out,
    wallet: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    externalId: 'wallet-2025-0001',
  },
} as const;

function list(kind: 'the deposit' | 'the withdrawal', what: string) {
  return `Lists the ${what} of ${kind} side (per the provider's public docs). Pass the chosen one whole in the bodies of that side; never use an object of the other side's list (the mock answers 400).`;
}

/** @internal The prose of the crypto operations. */
export const CRYPTO_OPERATION_PROSE = {
  'withdrawals.listCryptocurrencies': {
    summary: 'List cryptocurrencies for withdrawals',
    description: list('the withdrawal', 'cryptocurrencies (USDT)'),
    fromProviderDocs: true,
    successes: { 200: { description: 'The cryptocurrencies.', example: [usdtOut] } },
    errors: { 401: AUTH_401, 500: SERVER_500 },
  },
  'withdrawals.listNetworks': {
    summary: 'List blockchain networks for withdrawals',
    description: `${list('the withdrawal', 'blockchain networks')} The provider's schema calls the items of \`cryptocurrencies\` ids (strings) while its code reads objects with a \`cryptocurrency\` inside; the mock sends objects.`,
    fromProviderDocs: true,
    successes: {
      200: { description: 'The networks.', example: CRYPTO_LISTS.withdrawal.networks },
    },
    errors: { 401: AUTH_401, 500: SERVER_500 },
  },
  'withdrawals.quote': {
    summary: 'Quote USDT in BRL for a withdrawal',
    description:
      'Quotes the BRL an amount of USDT pays out by Pix. Only a query: nothing is created and the rate is not locked. Note `currency` is the string `"R$"` here and the rate is text.',
    fromProviderDocs: true,
    requestBody: {
      description: 'USDT (at most six decimals) and the whole withdrawal cryptocurrency.',
      example: { amount: 1, cryptocurrency: usdtOut },
    },
    successes: {
      200: {
        description: 'The quote.',
        example: { amount: 5.36, currency: 'R$', cryptoToFiatExchangeRate: 'R$ 5.364' },
      },
    },
    errors: {
      400: `The body is malformed: ${MALFORMED}; \`amount\` is not a positive number with at most six decimals; \`cryptocurrency\` is not one of the withdrawal cryptocurrencies (the provider does not list this status; the mock answers it).`,
      401: AUTH_401,
      500: SERVER_500,
    },
  },
  'withdrawals.quoteToWallet': {
    summary: 'Quote a wallet withdrawal net of gas',
    description:
      "Quotes the USDT that reaches a wallet once the network's gas fee is taken from a gross amount. Only a query; gas changes. The provider's answer is not rounded.",
    fromProviderDocs: true,
    requestBody: {
      description: 'The gross USDT, the whole cryptocurrency and the whole network.',
      example: { amount: 10, cryptocurrency: usdtOut, blockchainNetwork: bep20Out },
    },
    successes: { 200: { description: 'USDT net of gas.', example: { amount: 9.37 } } },
    errors: {
      400: `The body is malformed: ${MALFORMED}; \`amount\` is not a positive number with at most six decimals or does not cover the gas fee; \`cryptocurrency\` or \`blockchainNetwork\` is not one of the withdrawal lists' (the mock's answer; the provider lists none).`,
      401: AUTH_401,
      500: SERVER_500,
    },
  },
  'deposits.listCryptocurrencies': {
    summary: 'List cryptocurrencies for deposits',
    description: list('the deposit', 'cryptocurrencies (USDT)'),
    fromProviderDocs: true,
    successes: { 200: { description: 'The cryptocurrencies.', example: [usdtIn] } },
    errors: { 401: AUTH_401, 500: SERVER_500 },
  },
  'deposits.listNetworks': {
    summary: 'List blockchain networks for deposits',
    description: `Lists the blockchain networks of the deposit side (per the provider's public docs): those a customer's wallet receives USDT on. No deposit body takes a network. The provider's example names BSC's chain id "Polygon"; the mock shows Polygon with its real id, 137.`,
    fromProviderDocs: true,
    successes: { 200: { description: 'The networks.', example: CRYPTO_LISTS.deposit.networks } },
    errors: { 401: AUTH_401, 500: SERVER_500 },
  },
  'deposits.quote': {
    summary: 'Quote BRL in USDT for a deposit',
    description:
      'Quotes the USDT an amount of BRL buys. Only a query: nothing is created and the rate is not locked (an on-ramp deposit converts when paid). The rate is text, `"R$ 5.364"`.',
    fromProviderDocs: true,
    requestBody: {
      description: 'BRL (at most two decimals) and the whole deposit currency.',
      example: { amount: 100, currency: examples.depositCurrency },
    },
    successes: {
      200: {
        description: 'The quote.',
        example: { amount: 18.642803, crypto: 'USDT', fiatToCryptoExchangeRate: 'R$ 5.364' },
      },
    },
    errors: {
      400: `The body is malformed: ${MALFORMED}; \`amount\` is not a positive number with at most two decimals; \`currency\` is not one of the deposit currencies (the mock's answer; the provider lists none).`,
      401: AUTH_401,
      500: SERVER_500,
    },
  },
  'customers.getWallet': {
    summary: "Get a customer's crypto wallet",
    description: `The customer's crypto wallet: one fixed EVM address that receives USDT on ${WALLET_NETWORKS.join(', ')}. Only USDT, and only on those networks: anything else sent there is lost. Each transfer arrives as a crypto deposit webhook (\`name: "USDT"\`, no \`type\`).`,
    fromProviderDocs: true,
    successes: {
      200: {
        description: 'An array with the wallet.',
        example: [
          { blockchainNetworks: [...WALLET_NETWORKS], publicKey: walletAddressOf(ids.customer) },
        ],
      },
    },
    errors: { 401: AUTH_401, 404: 'No customer has this id.', 500: SERVER_500 },
  },
} satisfies Readonly<Record<string, OperationProse>>;

/** @internal What the crypto variants add to the 400 of `POST /withdraw`. */
export const CRYPTO_WITHDRAWAL_400 = ` With a \`cryptocurrency\` (USDT to a Pix key, or with \`blockchainNetwork\` and \`wallet\` to a wallet): \`amount\` is USDT with at most six decimals; \`cryptocurrency\` or \`blockchainNetwork\` is not one of the withdrawal lists' (a deposit-side object included); \`wallet\` is not an address of the network (EIP-55 checksum on EVM networks); the amount does not cover the gas fee; the USDT available does not cover it (\`${INSUFFICIENT_BALANCE}\`).`;
