import type { Currency } from 'pix-payment-sdk';
import type { PaymentServiceMockOptions } from '../../types/options.js';
import { createClock, type InternalClock, toEpochMs } from '../clock.js';
import { FaultRegistry } from '../faults.js';
import { IDEMPOTENCY_MISMATCH_MODES } from '../handlers/repeats.js';
import {
  cryptoRandom,
  generateCpf,
  generatePassword,
  objectIdFactory,
  type RandomSource,
  seededRandom,
} from '../ids.js';
import { MAX_TIMER_MS, WebhookDispatcher } from '../webhooks.js';
import { type AccountServices, type AccountSpec, AccountState, AccountsArea } from './accounts.js';
import { AuthArea } from './auth.js';
import { CryptoRates } from './crypto.js';
import type { CustomerRecord } from './customers.js';
import { JournalArea } from './journal.js';
import { LedgerArea, type LedgerCurrency } from './ledger.js';
import { Timeline } from './timeline.js';
import type { TransactionKind } from './transactions.js';

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
/** Generous, so that suites written before the ledger never meet an insufficient balance. */
const DEFAULT_BALANCE = { BRL: '1000000.00' } as const;

function freeze<T extends object>(value: T): T {
  return Object.freeze(value);
}

/**
 * The in-memory service of one mock: its configuration, the baseline every reset() returns to,
 * its service-wide areas (auth, journal, faults, webhook deliveries) and its accounts, each of
 * which owns its customers, Pix keys, transactions and ledger. Two instances share nothing.
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
  readonly accounts = new AccountsArea();
  readonly faults = new FaultRegistry();
  readonly webhooks: WebhookDispatcher;
  /** What waits for the mock clock: the later steps of a dispute run on it. */
  readonly timeline: Timeline;
  /** The rates, spread and gas fee of the crypto operations. */
  readonly crypto: CryptoRates;
  /** The main account's starting balance. */
  readonly startingBalance: ReadonlyMap<LedgerCurrency, number>;
  /** Whether the main account starts as a partner, allowed to create sub-accounts. */
  readonly partner: boolean;
  readonly #initialWebhookUrl: string | null;
  readonly #accountServices: AccountServices;

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
    const idempotencyMismatch = options.idempotencyMismatch ?? 'reject';
    if (!IDEMPOTENCY_MISMATCH_MODES.includes(idempotencyMismatch)) {
      throw new TypeError(
        `idempotencyMismatch must be ${IDEMPOTENCY_MISMATCH_MODES.map((mode) => `'${mode}'`).join(' or ')}, got ${JSON.stringify(idempotencyMismatch)}`,
      );
    }
    this.journal = new JournalArea(options.journalLimit);
    const frozen = options.frozenClock ?? options.seed !== undefined;
    const start = options.now ?? (options.seed !== undefined ? SEEDED_START : undefined);
    const startMs = start === undefined ? undefined : toEpochMs(start, 'now');
    this.clock = createClock(
      () => startMs ?? Date.now(),
      frozen,
      () => this.timeline.runDue(),
    );
    this.auth = new AuthArea(
      this.clock,
      positive(options.tokenTtlMs, FIFTEEN_DAYS_MS, 'tokenTtlMs'),
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
    this.webhooks = new WebhookDispatcher(webhookTimeoutMs, () => this.nowIso(), deliveryLogLimit);
    this.#initialWebhookUrl = this.webhooks.check(options.webhookUrl ?? null);
    this.timeline = new Timeline(
      () => this.clock.nowMs(),
      frozen,
      (running) => this.webhooks.track(running),
    );
    this.startingBalance = LedgerArea.check(options.balance ?? DEFAULT_BALANCE, 'balance');
    this.crypto = new CryptoRates(options.rates);
    if (options.partner !== undefined && typeof options.partner !== 'boolean') {
      throw new TypeError('partner must be a boolean');
    }
    this.partner = options.partner ?? true;
    this.#accountServices = {
      stamps: { newId: () => this.newId(), nowIso: () => this.nowIso(), random: () => this.random },
      strict: this.strict,
      idempotencyMismatch,
      maskKeys: options.maskKeys ?? false,
      pixDirectory: new Set(),
      currenciesOf: (kind) => this.currenciesOf(kind),
      webhooks: this.webhooks,
    };
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

  /** Every webhook URL set now, and the one a reset returns to. */
  webhookUrls(): Array<string | null> {
    return [this.#initialWebhookUrl, ...this.accounts.all().map((account) => account.webhookUrl)];
  }

  /** The main account (`mock.credentials`), whose controls are the mock's own. */
  get main(): AccountState {
    return this.accounts.main;
  }

  /** A new account of this service (not yet added to {@link ServiceState.accounts}). */
  newAccount(spec: AccountSpec): AccountState {
    const account = new AccountState(spec, this.#accountServices);
    // A sub-account is new: no token issued so far was issued to it.
    if (spec.parentId !== undefined) account.tokensFrom = this.auth.nextSerial;
    return account;
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
    this.timeline.reset();
    this.clock.reset();
    if (this.seed !== undefined) {
      this.random = this.#newRandom();
      this.#objectId = objectIdFactory(this.random);
      this.#baseline = this.#makeBaseline(this.#baseline.credentials);
    }
    this.faults.clear();
    this.crypto.reset();
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

  // The main account afresh; the sub-accounts are gone.
  #restoreBaseline(): void {
    const baseline = this.#baseline;
    this.accounts.reset(
      this.newAccount({
        id: baseline.companyId,
        name: 'Empresa Exemplo Ltda',
        credentials: baseline.credentials,
        parentId: undefined,
        partner: this.partner,
        balance: this.startingBalance,
        webhookUrl: this.#initialWebhookUrl,
        seededCustomer: baseline.seededCustomer,
        feeSplit: undefined,
      }),
    );
  }
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new TypeError(`${name} must be a positive finite number`);
  }
  return value;
}
