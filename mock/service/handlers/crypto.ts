import {
  type BlockchainNetwork,
  type Cryptocurrency,
  formatMicros,
  isPaymentValidationError,
  toMicros,
  validateWalletAddress,
} from 'pix-payment-sdk';
import { frozenJson, HttpError, json, type ServiceAnswer } from '../answers.js';
import { isRecord, own } from '../body-fields.js';
import type { Resolvers } from '../route.js';
import type { AccountState } from '../state/accounts.js';
import { CRYPTO_LISTS, type CryptoLeg, WALLET_NETWORKS, walletAddressOf } from '../state/crypto.js';
import type { ServiceState } from '../state/service-state.js';
import type { TransactionKind, TransactionRecord } from '../state/transactions.js';
import { customerOr404 } from './customers.js';
import { requestIdentity } from './repeats.js';
import {
  amountCents,
  CREATED,
  INSUFFICIENT_BALANCE,
  listedCurrency,
  registeredPixKey,
  sentCurrency,
  sentPixKey,
  stringField,
} from './shared.js';

const SIDE: Readonly<Record<TransactionKind, string>> = {
  deposit: 'deposits',
  withdrawal: 'withdrawals',
};

/**
 * USDT millionths of a body's `amount`: a positive JSON number with at most six decimals, else 400.
 *
 * @internal
 */
export function usdtUnits(body: Record<string, unknown>): number {
  const amount = own(body, 'amount');
  if (typeof amount !== 'number') throw new HttpError(400, 'amount must be a number');
  try {
    return toMicros(amount);
  } catch {
    throw new HttpError(400, 'amount must be a positive USDT amount with at most six decimals');
  }
}

// The listed object `sent` is, by the fields the provider's pages require of it; 400 when it is
// none of the side's list (an object of the other side's list among them).
function listedOf<T extends Cryptocurrency | BlockchainNetwork>(
  body: Record<string, unknown>,
  field: 'cryptocurrency' | 'blockchainNetwork',
  required: ReadonlyArray<string>,
  listed: ReadonlyArray<T>,
  kind: TransactionKind,
): T {
  const sent = own(body, field);
  if (!isRecord(sent)) throw new HttpError(400, `${field} must be the whole listed object`);
  const missing = required.filter((name) => own(sent, name) === undefined);
  if (missing.length > 0) throw new HttpError(400, `${field} is missing ${missing.join(', ')}`);
  const match = listed.find((item) =>
    required.every((name) => own(sent, name) === (item as Record<string, unknown>)[name]),
  );
  if (!match) {
    const other = kind === 'deposit' ? 'withdrawal' : 'deposit';
    const fromOther = (
      field === 'cryptocurrency'
        ? CRYPTO_LISTS[other].cryptocurrencies
        : CRYPTO_LISTS[other].networks
    ).some((item) => item._id === own(sent, '_id'));
    throw new HttpError(
      400,
      `${field} is not one listed for ${SIDE[kind]}${fromOther ? ` (it is the ${other} list's)` : ''}`,
    );
  }
  return match;
}

function cryptocurrencyOf(body: Record<string, unknown>, kind: TransactionKind): Cryptocurrency {
  return listedOf(
    body,
    'cryptocurrency',
    ['_id', 'name', 'symbol'],
    CRYPTO_LISTS[kind].cryptocurrencies,
    kind,
  );
}

function networkOf(body: Record<string, unknown>): BlockchainNetwork {
  return listedOf(
    body,
    'blockchainNetwork',
    ['_id', 'name', 'chainId', 'chain', 'symbol'],
    CRYPTO_LISTS.withdrawal.networks,
    'withdrawal',
  );
}

function bodyOf(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) throw new HttpError(400, 'body must be a JSON object');
  return body;
}

function ensureUsdt(state: AccountState, units: number): void {
  const available = state.ledger.available('USDT');
  if (available < units) {
    throw new HttpError(
      400,
      `insufficient balance: ${formatMicros(available)} USDT available, ${formatMicros(units)} asked`,
      INSUFFICIENT_BALANCE,
    );
  }
}

/**
 * `POST /withdraw` with a `cryptocurrency` (per the provider's public docs): with `currency` and
 * `pixKey`, USDT converted and paid by Pix (off-ramp); with `blockchainNetwork` and `wallet`, USDT
 * sent to that wallet. Either holds the USDT in the ledger until `PAID` spends it; 400 with
 * `Saldo insuficiente` above the USDT available. The caller has answered a repeated `externalId`.
 *
 * @internal
 */
export function createCryptoWithdrawal(
  state: AccountState,
  service: ServiceState,
  body: Record<string, unknown>,
  externalId: string | undefined,
): ServiceAnswer {
  const units = usdtUnits(body);
  const customerId = stringField(body, 'customerId');
  const cryptocurrency = cryptocurrencyOf(body, 'withdrawal');
  const toWallet =
    own(body, 'wallet') !== undefined || own(body, 'blockchainNetwork') !== undefined;
  let input: Omit<Parameters<AccountState['transactions']['insert']>[1], 'customerId' | 'request'>;
  if (toWallet) {
    const network = networkOf(body);
    const wallet = stringField(body, 'wallet');
    try {
      validateWalletAddress(wallet, network);
    } catch (error) {
      if (!isPaymentValidationError(error)) throw error;
      throw new HttpError(400, error.issues[0]?.message ?? 'wallet is not a valid address');
    }
    const gasUnits = service.crypto.gasUnits;
    if (units <= gasUnits) {
      throw new HttpError(
        400,
        `amount does not cover the gas fee of ${formatMicros(gasUnits)} USDT`,
      );
    }
    input = {
      externalId,
      amountCents: 0,
      currency: undefined,
      pixKey: undefined,
      crypto: { flow: 'wallet', cryptocurrency, units, network, wallet, gasUnits },
    };
    customerOr404(state, customerId);
  } else {
    const sentKey = sentPixKey(body);
    const currency = listedCurrency(
      sentCurrency(body, state.strict),
      state.currenciesOf('withdrawal'),
    );
    const customer = customerOr404(state, customerId);
    const stored = registeredPixKey(state, customer._id, sentKey);
    input = {
      externalId,
      amountCents: service.crypto.brlFor(units),
      currency,
      pixKey: { key: stored.key, type: stored.type, _id: stored._id },
      crypto: { flow: 'off-ramp', cryptocurrency, units },
    };
  }
  ensureUsdt(state, units);
  const record = state.transactions.insert('withdrawal', {
    ...input,
    customerId,
    // What identifies this payout, so a repeat of its externalId with another body is refused.
    request: requestIdentity(state, body),
  });
  return json(201, { message: CREATED, status: record.status, _id: record._id });
}

/**
 * The USDT side of an on-ramp deposit (`POST /deposit` with a `cryptocurrency`), converted at the
 * rate of its creation; `undefined` for a Pix deposit. 400 for a cryptocurrency not in the
 * deposit list.
 *
 * @internal
 */
export function onRampLeg(
  service: ServiceState,
  body: Record<string, unknown>,
  cents: number,
): CryptoLeg | undefined {
  if (own(body, 'cryptocurrency') === undefined) return undefined;
  const cryptocurrency = cryptocurrencyOf(body, 'deposit');
  return { flow: 'on-ramp', cryptocurrency, units: service.crypto.usdtFor(cents) };
}

/**
 * The `cryptocurrency` of a transaction's details (per the provider's public docs): name, symbol,
 * amount and status, `coinGecko`, the network (the provider names one for conversions too: the
 * mock shows ERC-20 there), and for a wallet withdrawal its gas fee and address.
 *
 * @internal
 */
export function cryptoDetailsOf(record: TransactionRecord): Record<string, unknown> {
  const leg = record.crypto as CryptoLeg;
  const network = leg.network ?? CRYPTO_LISTS.withdrawal.networks[0];
  return {
    name: leg.cryptocurrency.name,
    symbol: leg.cryptocurrency.symbol,
    amount: leg.units / 1_000_000,
    status: record.status,
    coinGecko: leg.cryptocurrency.coinGecko,
    ...(leg.gasUnits !== undefined ? { gasFeeAmount: leg.gasUnits / 1_000_000 } : {}),
    blockchainNetwork: {
      name: network?.name,
      chain: network?.chain,
      symbol: network?.symbol,
      chainId: network?.chainId,
    },
    ...(leg.wallet !== undefined ? { wallet: leg.wallet } : {}),
  };
}

/**
 * The crypto operations (per the provider's public docs): the lists of each side (frozen, encoded
 * once), a customer's wallet (one fixed EVM address), and the three quotes, from the rates the
 * test sets (`rates`, `mock.crypto.setRates`, `setSpread`, `setGasFee`).
 *
 * @internal
 */
export const cryptoResolvers: Pick<
  Resolvers,
  | 'withdrawals.listCryptocurrencies'
  | 'withdrawals.listNetworks'
  | 'withdrawals.quote'
  | 'withdrawals.quoteToWallet'
  | 'deposits.listCryptocurrencies'
  | 'deposits.listNetworks'
  | 'deposits.quote'
  | 'customers.getWallet'
> = {
  'withdrawals.listCryptocurrencies': () =>
    frozenJson(200, CRYPTO_LISTS.withdrawal.cryptocurrencies),
  'withdrawals.listNetworks': () => frozenJson(200, CRYPTO_LISTS.withdrawal.networks),
  'deposits.listCryptocurrencies': () => frozenJson(200, CRYPTO_LISTS.deposit.cryptocurrencies),
  'deposits.listNetworks': () => frozenJson(200, CRYPTO_LISTS.deposit.networks),
  'customers.getWallet'({ state, params }) {
    const customer = customerOr404(state, params.id ?? '');
    return json(200, [
      { blockchainNetworks: [...WALLET_NETWORKS], publicKey: walletAddressOf(customer._id) },
    ]);
  },
  'deposits.quote'({ state, service, body }) {
    const sent = bodyOf(body);
    const cents = amountCents(sent);
    listedCurrency(sentCurrency(sent, state.strict), state.currenciesOf('deposit'));
    return json(200, {
      amount: service.crypto.usdtFor(cents) / 1_000_000,
      crypto: 'USDT',
      fiatToCryptoExchangeRate: service.crypto.rateText(),
    });
  },
  'withdrawals.quote'({ service, body }) {
    const sent = bodyOf(body);
    const units = usdtUnits(sent);
    cryptocurrencyOf(sent, 'withdrawal');
    return json(200, {
      amount: service.crypto.brlFor(units) / 100,
      currency: 'R$',
      cryptoToFiatExchangeRate: service.crypto.rateText(),
    });
  },
  'withdrawals.quoteToWallet'({ service, body }) {
    const sent = bodyOf(body);
    const units = usdtUnits(sent);
    cryptocurrencyOf(sent, 'withdrawal');
    networkOf(sent);
    const gas = service.crypto.gasUnits;
    if (units <= gas) {
      throw new HttpError(400, `amount does not cover the gas fee of ${formatMicros(gas)} USDT`);
    }
    return json(200, { amount: (units - gas) / 1_000_000 });
  },
};
