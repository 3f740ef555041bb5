import type { Currency } from 'pix-payment-sdk';
import { createClock, type InternalClock, toEpochMs } from './clock.js';
import { FaultRegistry } from './faults.js';
import {
  cryptoRandom,
  generateCpf,
  generatePassword,
  objectIdFactory,
  type RandomSource,
  seededRandom,
} from './ids.js';
import { AuthArea } from './state/auth.js';
import { type CustomerRecord, CustomersArea } from './state/customers.js';
import { JournalArea } from './state/journal.js';
import { PixKeysArea } from './state/pix-keys.js';
import { type TransactionKind, TransactionsArea } from './state/transactions.js';
import type { PaymentServiceMockOptions } from './types.js';
import { checkUrl, MAX_TIMER_MS, WebhookDispatcher } from './webhooks.js';

interface Baseline {
  readonly companyId: string;
  readonly credentials: { readonly email: string; readonly password: string };
  readonly withdrawalCurrencies: ReadonlyArray<Currency>;
  readonly depositCurrencies: ReadonlyArray<Currency>;
  readonly seededCustomer: CustomerRecord;
}

/** Per the provider's public docs: a token is valid for 15 days. */
const FIFTEEN_DAYS_MS = 15 * 24 * 60 * 60 * 1000;
const SEEDED_START = '2040-01-01T00:00:00.000Z';
const DEFAULT_EMAIL = 'merchant@payments.test';

function freeze<T extends object>(value: T): T {
  return Object.freeze(value);
}

/**
 * The in-memory service of one mock: its configuration, the baseline every reset() returns to,
 * and its areas (auth, journal, customers, Pix keys, transactions, beside faults and webhooks),
 * each owning its records and its reset. Two instances share nothing.
 *
 * @internal
 */
export class ServiceState {
  readonly baseUrl: string;
  readonly basePath: string;
  readonly origin: string;
  readonly seed: number | string | undefined;
  readonly maxBodyBytes: number;
  /** Whether a withdrawal or deposit must carry the whole currency object (the `strict` option). */
  readonly strict: boolean;
  readonly clock: InternalClock;
  readonly auth: AuthArea;
  readonly journal: JournalArea;
  readonly customers: CustomersArea;
  readonly pixKeys: PixKeysArea;
  readonly transactions: TransactionsArea;
  readonly faults = new FaultRegistry();
  readonly webhooks: WebhookDispatcher;

  random: RandomSource;
  #objectId: (nowMs: number) => string;
  #baseline: Baseline;

  #isoMs = Number.NaN;
  #iso = '';

  constructor(options: PaymentServiceMockOptions = {}) {
    const base = new URL(options.baseUrl ?? 'https://api.payments.test');
    if (base.protocol !== 'http:' && base.protocol !== 'https:') {
      throw new TypeError('baseUrl must be an absolute http(s) URL');
    }
    this.origin = base.origin;
    this.basePath = base.pathname.replace(/\/+$/, '');
    this.baseUrl = `${this.origin}${this.basePath}`;
    this.seed = options.seed;
    this.maxBodyBytes = positive(options.maxBodyBytes, 1024 * 1024, 'maxBodyBytes');
    if (options.strict !== undefined && typeof options.strict !== 'boolean') {
      throw new TypeError('strict must be a boolean');
    }
    this.strict = options.strict ?? false;
    this.journal = new JournalArea(options.journalLimit);
    const frozen = options.frozenClock ?? options.seed !== undefined;
    const start = options.now ?? (options.seed !== undefined ? SEEDED_START : undefined);
    const startMs = start === undefined ? undefined : toEpochMs(start, 'now');
    this.clock = createClock(() => startMs ?? Date.now(), frozen);
    this.auth = new AuthArea(
      this.clock,
      positive(options.tokenTtlMs, FIFTEEN_DAYS_MS, 'tokenTtlMs'),
      () => this.companyId,
    );
    const webhookTimeoutMs = positive(options.webhookTimeoutMs, 5000, 'webhookTimeoutMs');
    if (webhookTimeoutMs > MAX_TIMER_MS) {
      // A timer longer than this fires at once: every delivery would time out.
      throw new TypeError(
        `webhookTimeoutMs must be at most ${MAX_TIMER_MS} (about 24.8 days, the longest a timer waits), got ${webhookTimeoutMs}`,
      );
    }
    const deliveryLogLimit = options.deliveryLogLimit ?? 10_000;
    if (!Number.isInteger(deliveryLogLimit) || deliveryLogLimit < 1) {
      throw new TypeError('deliveryLogLimit must be a positive integer');
    }
    this.webhooks = new WebhookDispatcher(
      checkUrl(options.webhookUrl ?? null),
      webhookTimeoutMs,
      () => this.nowIso(),
      deliveryLogLimit,
    );
    if (this.webhooks.url !== null) this.webhooks.setUrl(this.webhooks.url);
    const stamps = {
      newId: () => this.newId(),
      nowIso: () => this.nowIso(),
      random: () => this.random,
    };
    this.customers = new CustomersArea(stamps);
    this.pixKeys = new PixKeysArea(stamps, options.maskKeys ?? false);
    this.transactions = new TransactionsArea(stamps, (payload, trigger) =>
      this.webhooks.deliver(payload, trigger),
    );
    this.random = this.#newRandom();
    this.#objectId = objectIdFactory(this.random);
    this.#baseline = this.#makeBaseline(options.credentials);
    this.#restoreBaseline();
  }

  get credentials(): { readonly email: string; readonly password: string } {
    return this.#baseline.credentials;
  }

  get companyId(): string {
    return this.#baseline.companyId;
  }

  get seededCustomerId(): string {
    return this.#baseline.seededCustomer._id;
  }

  /** The currencies listed for this kind of transaction (different objects for each kind). */
  currenciesOf(kind: TransactionKind): ReadonlyArray<Currency> {
    return kind === 'withdrawal'
      ? this.#baseline.withdrawalCurrencies
      : this.#baseline.depositCurrencies;
  }

  nowIso(): string {
    // Every journal entry asks for the time; a frozen clock answers the same instant each time.
    const ms = this.clock.nowMs();
    if (ms !== this.#isoMs) {
      this.#iso = new Date(ms).toISOString();
      this.#isoMs = ms;
    }
    return this.#iso;
  }

  newId(): string {
    return this.#objectId(this.clock.nowMs());
  }

  /** Back to the state right after construction (same credentials and seeded customer). */
  reset(): void {
    this.clock.reset();
    if (this.seed !== undefined) {
      this.random = this.#newRandom();
      this.#objectId = objectIdFactory(this.random);
      this.#baseline = this.#makeBaseline(this.#baseline.credentials);
    }
    this.faults.clear();
    this.webhooks.reset();
    this.journal.reset();
    this.auth.reset();
    this.#restoreBaseline();
  }

  #newRandom(): RandomSource {
    return this.seed !== undefined ? seededRandom(this.seed) : cryptoRandom();
  }

  #makeBaseline(credentials: PaymentServiceMockOptions['credentials']): Baseline {
    const companyId = this.newId();
    const password = generatePassword(this.random);
    const createdMs = this.clock.nowMs() - 90 * 24 * 60 * 60 * 1000;
    const created = new Date(createdMs).toISOString();
    const updated = new Date(createdMs + 24 * 60 * 60 * 1000).toISOString();
    // Per the service document (2.2): withdrawal and deposit lists hold different objects, with
    // different _id, even for the same BRL; both carry supplierFeeByActivity.
    const currency = (): Currency =>
      freeze({
        _id: this.newId(),
        name: 'BRL',
        type: 'PIX',
        symbol: 'R$',
        createdDate: created,
        updatedDate: updated,
        __v: 0,
        supplierFeeByActivity: freeze({
          servicetreeal: freeze({ type: 'PERCENTAGE', value: 0.5 }),
          servicetreealliquidity: freeze({ type: 'FIXED', value: 0.9 }),
        }),
      });
    const withdrawalCurrencies = freeze([currency()]);
    const depositCurrencies = freeze([currency()]);
    const now = this.nowIso();
    const seededCustomer: CustomerRecord = {
      _id: this.newId(),
      name: 'Cliente Exemplo',
      document: generateCpf(this.random),
      email: 'cliente@example.com',
      phone: undefined,
      version: 0,
      createdDate: now,
      updatedDate: now,
    };
    if (credentials !== undefined) {
      if (typeof credentials.email !== 'string' || typeof credentials.password !== 'string') {
        throw new TypeError('credentials must be { email: string, password: string }');
      }
    }
    return freeze({
      companyId,
      credentials: freeze({
        email: credentials?.email ?? DEFAULT_EMAIL,
        password: credentials?.password ?? password,
      }),
      withdrawalCurrencies,
      depositCurrencies,
      seededCustomer,
    });
  }

  #restoreBaseline(): void {
    this.pixKeys.reset();
    this.transactions.reset();
    this.customers.reset(this.#baseline.seededCustomer);
  }
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new TypeError(`${name} must be a positive finite number`);
  }
  return value;
}
