import { type BlockchainNetwork, type Cryptocurrency, toChecksumAddress } from 'pix-payment-sdk';
import type { TransactionKind } from './ledger.js';
import { unitsOf } from './ledger.js';

/**
 * The crypto side of a transaction: USDT from a listed object, in millionths, and for a wallet
 * withdrawal the network, the address and the gas fee taken.
 *
 * @internal
 */
export interface CryptoLeg {
  /** Where the USDT goes or comes from. */
  readonly flow: 'on-ramp' | 'off-ramp' | 'wallet' | 'direct';
  /** The listed cryptocurrency (USDT). */
  readonly cryptocurrency: Cryptocurrency;
  /** USDT in millionths: what the ledger moves. */
  readonly units: number;
  /** The network of a wallet withdrawal or a direct transfer. */
  readonly network?: BlockchainNetwork | undefined;
  /** The destination of a wallet withdrawal. */
  readonly wallet?: string | undefined;
  /** Gas taken from a wallet withdrawal, in millionths of USDT. */
  readonly gasUnits?: number | undefined;
}

const DATES = { createdDate: '2024-11-12T18:14:48.380Z', updatedDate: '2024-11-15T05:53:32.979Z' };

// The withdrawal-side ids are the provider's unmasked ones (its wallet-quote page); the deposit
// USDT keeps the prefix its pages show (`67339b18ca59…`). Networks: the provider shows the same
// ids in both lists; the mock gives each side its own, as for currencies, so that an object of one
// list sent to the other is caught. Ids without a published value are the mock's.
const USDT_IDS: Readonly<Record<TransactionKind, string>> = {
  deposit: '67339b18ca590c0dd9822b86',
  withdrawal: '6733a2a90076c0dd9822b86a',
};
const NETWORKS = [
  {
    name: 'ERC-20',
    chainId: '1',
    chain: 'Ethereum',
    symbol: 'ETH',
    ids: { deposit: '672c15919c9877bbeebb2fb7', withdrawal: '6733a3960076c0dd9822b878' },
  },
  {
    name: 'BEP-20',
    chainId: '56',
    chain: 'BSC',
    symbol: 'BNB',
    ids: { deposit: '672c18725a3690d041ea4c8c', withdrawal: '6733a3a20076c0dd9822b87a' },
  },
  {
    // The real Polygon chain id: the provider's deposit-network page shows BSC's by mistake.
    name: 'Polygon',
    chainId: '137',
    chain: 'Polygon',
    symbol: 'POL',
    ids: { deposit: '672c18a15a3690d041ea4c90', withdrawal: '6733a3ab0076c0dd9822b87c' },
  },
] as const;

function freezeDeep<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) freezeDeep(inner);
    Object.freeze(value);
  }
  return value;
}

function cryptocurrencyOf(kind: TransactionKind): Cryptocurrency {
  return {
    _id: USDT_IDS[kind],
    name: 'USDT',
    symbol: 'USDT',
    coinGecko: 'tether',
    ...DATES,
    __v: 0,
  };
}

/**
 * The lists of each side, frozen: USDT, and the networks ERC-20, BEP-20 and Polygon, whose
 * `cryptocurrencies` hold objects with the side's USDT inside (as the provider's code reads them).
 *
 * @internal
 */
export const CRYPTO_LISTS: Readonly<
  Record<
    TransactionKind,
    {
      readonly cryptocurrencies: ReadonlyArray<Cryptocurrency>;
      readonly networks: ReadonlyArray<BlockchainNetwork>;
    }
  >
> = freezeDeep({
  deposit: listsOf('deposit'),
  withdrawal: listsOf('withdrawal'),
});

function listsOf(kind: TransactionKind) {
  const usdt = cryptocurrencyOf(kind);
  return {
    cryptocurrencies: [usdt],
    networks: NETWORKS.map(({ ids, ...network }) => ({
      _id: ids[kind],
      ...network,
      cryptocurrencies: [{ cryptocurrency: { ...usdt } }],
      ...DATES,
      __v: 0,
    })),
  };
}

/** The networks a customer's wallet receives USDT on, as the provider's wallet page names them. */
export const WALLET_NETWORKS: ReadonlyArray<string> = Object.freeze(
  NETWORKS.map((network) => network.name),
);

/**
 * The fixed EVM address of a customer's wallet: derived from the customer's id, so the same
 * customer always has the same address, in its EIP-55 form.
 *
 * @internal
 */
export function walletAddressOf(customerId: string): string {
  const hex = `c0de${customerId.toLowerCase().replace(/[^0-9a-f]/g, '0')}`.padEnd(40, '0');
  return toChecksumAddress(`0x${hex.slice(0, 40)}`);
}

const MICROS = 1_000_000n;

/** A decimal setting (`'5.364'`) in millionths, or a `TypeError` naming it. */
function millionths(value: unknown, where: string, positive: boolean): number {
  const units = unitsOf(value, 6);
  if (typeof units === 'string') throw new TypeError(`${where} ${units}`);
  if (positive && units === 0) throw new TypeError(`${where} must be greater than zero`);
  return units;
}

/**
 * The rates the mock converts at: BRL per USDT, a spread taken from each conversion, and the gas
 * fee of a wallet withdrawal, all exact (millionths) and set by the test. A quote is the amount at
 * the rate, less the spread, USDT to six decimals and BRL to the cent, never rounded up.
 *
 * @internal
 */
export class CryptoRates {
  readonly #initial: number;
  #rate: number;
  #spread = 0;
  #gas: number;

  /** `rates` is the mock's option (`{ USDT: '5.364' }`); default 5.364, the provider's example. */
  constructor(rates: unknown) {
    this.#initial = CryptoRates.check(rates ?? { USDT: '5.364' }, 'rates');
    this.#rate = this.#initial;
    this.#gas = DEFAULT_GAS_UNITS;
  }

  /** The BRL-per-USDT rate of `rates` in millionths, or a `TypeError` naming `where`. */
  static check(rates: unknown, where: string): number {
    if (typeof rates !== 'object' || rates === null || Array.isArray(rates)) {
      throw new TypeError(`${where} must be an object such as { USDT: '5.364' }`);
    }
    const unknown = Object.keys(rates).filter((name) => name !== 'USDT');
    if (unknown.length > 0) {
      const named = unknown.slice(0, 5).map((name) => name.slice(0, 40));
      const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : '';
      throw new TypeError(
        `${where}: unknown cryptocurrency ${named.join(', ')}${more}; known: USDT`,
      );
    }
    return millionths((rates as { USDT?: unknown }).USDT, `${where}.USDT`, true);
  }

  setRates(rates: unknown): void {
    this.#rate = CryptoRates.check(rates, 'crypto.setRates: rates');
  }

  /** A fraction of each conversion the service keeps (`'0.01'` is 1%); `'0'` for none. */
  setSpread(spread: unknown): void {
    const units = millionths(spread, 'crypto.setSpread: spread', false);
    if (units >= 1_000_000) throw new TypeError('crypto.setSpread: spread must be below 1');
    this.#spread = units;
  }

  /** The gas fee of a wallet withdrawal, in USDT (`'0.63'`). */
  setGasFee(fee: unknown): void {
    this.#gas = millionths(fee, 'crypto.setGasFee: fee', false);
  }

  /** BRL per USDT in millionths. */
  get rate(): number {
    return this.#rate;
  }

  get gasUnits(): number {
    return this.#gas;
  }

  /** The USDT (millionths) that BRL `cents` buy, less the spread, rounded down. */
  usdtFor(cents: number): number {
    const gross = (BigInt(cents) * 10_000n * MICROS) / BigInt(this.#rate);
    return Number((gross * (MICROS - BigInt(this.#spread))) / MICROS);
  }

  /** The BRL (cents) that USDT `units` pay out, less the spread, rounded down. */
  brlFor(units: number): number {
    const gross = (BigInt(units) * BigInt(this.#rate)) / 10_000_000_000n;
    return Number((gross * (MICROS - BigInt(this.#spread))) / MICROS);
  }

  /** The rate as the provider writes it, three decimals with its prefix: `"R$ 5.364"`. */
  rateText(): string {
    return `R$ ${Math.trunc(this.#rate / MICROS_NUMBER)}.${String(Math.trunc((this.#rate % MICROS_NUMBER) / 1000)).padStart(3, '0')}`;
  }

  /** Back to the option's rate, no spread, the default gas fee. */
  reset(): void {
    this.#rate = this.#initial;
    this.#spread = 0;
    this.#gas = DEFAULT_GAS_UNITS;
  }
}

const MICROS_NUMBER = 1_000_000;

/**
 * The default gas fee of a wallet withdrawal: 0.63 USDT, about what the provider's wallet-quote
 * example takes (10 USDT gross, 9.37 net).
 *
 * @internal
 */
export const DEFAULT_GAS_UNITS = 630_000;
