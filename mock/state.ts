import {
  type Currency,
  isValidCnpj,
  isValidCpf,
  type KnownTransactionStatus,
  TRANSACTION_STATUSES,
  type WebhookPayload,
} from 'pix-payment-sdk';
import { buildBrCode } from './br-code.js';
import { createClock, type InternalClock, toEpochMs } from './clock.js';
import { FaultRegistry } from './faults.js';
import {
  cryptoRandom,
  generateCpf,
  generatePassword,
  objectIdFactory,
  type RandomSource,
  seededRandom,
  uuid,
} from './ids.js';
import { AuthArea } from './state/auth.js';
import { type CustomerRecord, CustomersArea } from './state/customers.js';
import { JournalArea } from './state/journal.js';
import { PixKeysArea } from './state/pix-keys.js';
import type { MockDeposit, MockWithdrawal, PaymentServiceMockOptions } from './types.js';
import { checkUrl, type WebhookDelivery, WebhookDispatcher } from './webhooks.js';

/**
 * What a transaction is: a withdrawal (a payout to a Pix key) or a deposit (a Pix charge).
 *
 * @internal
 */
export type TransactionKind = 'withdrawal' | 'deposit';

/**
 * Internal record of a withdrawal or a deposit: one shape for both, `kind` says which.
 *
 * @internal
 */
export interface TransactionRecord {
  readonly kind: TransactionKind;
  _id: string;
  customerId: string;
  externalId: string | undefined;
  amountCents: number;
  currency: Currency;
  status: KnownTransactionStatus;
  identifiedDocumentPix: string | undefined;
  createdDate: string;
  updatedDate: string;
  /** The receiving key of a withdrawal (unmasked); `undefined` for a deposit. */
  pixKey: { key: string; type: string; _id: string } | undefined;
  /** The BR Code of a deposit; `undefined` for a withdrawal. */
  code: string | undefined;
}

/**
 * What a new transaction is made from; the state adds the id, status, times and BR Code.
 *
 * @internal
 */
export type TransactionInput = Pick<
  TransactionRecord,
  'customerId' | 'externalId' | 'amountCents' | 'currency' | 'pixKey'
>;

interface Baseline {
  readonly companyId: string;
  readonly companyPixKey: string;
  readonly credentials: { readonly email: string; readonly password: string };
  readonly withdrawalCurrencies: ReadonlyArray<Currency>;
  readonly depositCurrencies: ReadonlyArray<Currency>;
  readonly seededCustomer: CustomerRecord;
}

/** Per the provider's public docs: a token is valid for 15 days. */
const FIFTEEN_DAYS_MS = 15 * 24 * 60 * 60 * 1000;
const SEEDED_START = '2040-01-01T00:00:00.000Z';
const DEFAULT_EMAIL = 'merchant@payments.test';

/**
 * The company behind the mock's deposits' BR Codes.
 *
 * @internal
 */
export const MOCK_COMPANY = { name: 'Empresa Exemplo Ltda', city: 'Sao Paulo' } as const;

function freeze<T extends object>(value: T): T {
  return Object.freeze(value);
}

/**
 * The in-memory service of one mock: entities, invariants and reset. Two instances share nothing.
 *
 * @internal
 */
export class ServiceState {
  readonly baseUrl: string;
  readonly basePath: string;
  readonly origin: string;
  readonly seed: number | string | undefined;
  readonly maxBodyBytes: number;
  readonly clock: InternalClock;
  readonly auth: AuthArea;
  readonly journal: JournalArea;
  readonly customers: CustomersArea;
  readonly pixKeys: PixKeysArea;
  readonly faults = new FaultRegistry();
  readonly webhooks: WebhookDispatcher;

  random: RandomSource;
  #objectId: (nowMs: number) => string;
  #baseline: Baseline;

  withdrawals = new Map<string, TransactionRecord>();
  withdrawalsByExternalId = new Map<string, string>();
  deposits = new Map<string, TransactionRecord>();
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
    this.webhooks = new WebhookDispatcher(
      checkUrl(options.webhookUrl ?? null),
      positive(options.webhookTimeoutMs, 5000, 'webhookTimeoutMs'),
      () => this.nowIso(),
    );
    const stamps = {
      newId: () => this.newId(),
      nowIso: () => this.nowIso(),
      random: () => this.random,
    };
    this.customers = new CustomersArea(stamps);
    this.pixKeys = new PixKeysArea(stamps, options.maskKeys ?? false);
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

  /** The transactions of one kind, by id. */
  transactionsOf(kind: TransactionKind): Map<string, TransactionRecord> {
    return kind === 'withdrawal' ? this.withdrawals : this.deposits;
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
    const companyPixKey = uuid(this.random);
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
      companyPixKey,
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
    this.withdrawals = new Map();
    this.withdrawalsByExternalId = new Map();
    this.deposits = new Map();
    this.customers.reset(this.#baseline.seededCustomer);
  }

  // ---- transactions ----------------------------------------------------------------------

  /** Creates a withdrawal (`PENDING`) or a deposit (`WAITING_PAYMENT`, with its BR Code). */
  insertTransaction(kind: TransactionKind, input: TransactionInput): TransactionRecord {
    const now = this.nowIso();
    const id = this.newId();
    const record: TransactionRecord = {
      ...input,
      kind,
      _id: id,
      status: kind === 'withdrawal' ? 'PENDING' : 'WAITING_PAYMENT',
      identifiedDocumentPix: undefined,
      code:
        kind === 'deposit'
          ? buildBrCode({
              pixKey: this.#baseline.companyPixKey,
              amountCents: input.amountCents,
              merchantName: MOCK_COMPANY.name,
              merchantCity: MOCK_COMPANY.city,
              txid: id,
            })
          : undefined,
      createdDate: now,
      updatedDate: now,
    };
    this.transactionsOf(kind).set(id, record);
    // Per the provider's public docs, only withdrawals are idempotent by externalId.
    if (kind === 'withdrawal' && record.externalId !== undefined) {
      this.withdrawalsByExternalId.set(record.externalId, id);
    }
    return record;
  }

  webhookPayload(record: TransactionRecord): WebhookPayload {
    // Per the provider's public docs: `id` (not `_id`), name BRL, type PIX, decimal amount.
    return {
      id: record._id,
      customerId: record.customerId,
      status: record.status,
      name: record.currency.name,
      type: record.currency.type,
      amount: record.amountCents / 100,
      operation: record.kind === 'withdrawal' ? 'WITHDRAW' : 'DEPOSIT',
      ...(record.externalId !== undefined ? { externalId: record.externalId } : {}),
    };
  }

  /** Moves a transaction to `status` and sends its webhook. */
  async settle(
    kind: TransactionKind,
    id: string,
    status: string,
    options: { identifiedDocumentPix?: string | undefined } = {},
  ): Promise<WebhookDelivery> {
    const record = this.transactionsOf(kind).get(id);
    if (!record) throw new RangeError(`no ${kind} with id ${JSON.stringify(id)}`);
    if (!(TRANSACTION_STATUSES as ReadonlyArray<string>).includes(status)) {
      throw new RangeError(
        `status must be one of ${TRANSACTION_STATUSES.join(', ')}, got ${JSON.stringify(status)}`,
      );
    }
    const document = options.identifiedDocumentPix;
    if (document !== undefined && !isValidCpf(document) && !isValidCnpj(document)) {
      throw new RangeError('identifiedDocumentPix must be a valid CPF or CNPJ');
    }
    record.status = status as KnownTransactionStatus;
    record.updatedDate = this.nowIso();
    if (document !== undefined) record.identifiedDocumentPix = document;
    return this.webhooks.deliver(this.webhookPayload(record), 'settle');
  }

  // ---- public views ----------------------------------------------------------------------

  /** A transaction as `mock.withdrawals` and `mock.deposits` show it. */
  transactionView(record: TransactionRecord): MockWithdrawal | MockDeposit {
    // `kind` decides which of `pixKey` and `code` the record holds, so which view this is.
    return freeze({
      _id: record._id,
      customerId: record.customerId,
      ...(record.externalId !== undefined ? { externalId: record.externalId } : {}),
      amount: record.amountCents / 100,
      currency: record.currency,
      ...(record.pixKey !== undefined ? { pixKey: freeze({ ...record.pixKey }) } : {}),
      status: record.status,
      ...(record.code !== undefined ? { code: record.code } : {}),
      ...(record.identifiedDocumentPix !== undefined
        ? { identifiedDocumentPix: record.identifiedDocumentPix }
        : {}),
      createdDate: record.createdDate,
      updatedDate: record.updatedDate,
    }) as MockWithdrawal | MockDeposit;
  }
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new TypeError(`${name} must be a positive finite number`);
  }
  return value;
}
