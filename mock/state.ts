import {
  type Currency,
  isValidCnpj,
  isValidCpf,
  type KnownPixKeyType,
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
import type { OperationId } from './operations.js';
import { AuthArea } from './state/auth.js';
import { checkUrl, type WebhookDelivery, WebhookDispatcher } from './webhooks.js';

/**
 * Options of `createPaymentServiceMock()`. All are optional.
 *
 * @example
 * ```ts
 * const mock = createPaymentServiceMock({
 *   baseUrl: 'https://api.payments.test',
 *   seed: 42,                       // deterministic ids, password and times
 *   webhookUrl: 'http://127.0.0.1:8080/webhooks/pix',
 *   maskKeys: true,                 // list Pix keys masked, like the provider's examples
 * });
 * ```
 */
export interface PaymentServiceMockOptions {
  /**
   * Absolute base URL the handlers and `mock.fetch` answer for. A path prefix (`/v1`) is kept.
   *
   * @default 'https://api.payments.test'
   */
  readonly baseUrl?: string | undefined;
  /**
   * Makes ids, the generated password, the seeded customer, tokens' `jti` and (with a frozen
   * clock, the default when seeded) every timestamp deterministic. Without it ids come from
   * `crypto.getRandomValues`.
   */
  readonly seed?: number | string | undefined;
  /** The company's login for `POST /auth/token`. Default: `merchant@payments.test` and a generated password. */
  readonly credentials?:
    | {
        /** The company's e-mail. */
        readonly email: string;
        /** The company's password. */
        readonly password: string;
      }
    | undefined;
  /**
   * Lifetime of issued tokens, on the mock clock (per the provider's public docs: 15 days).
   *
   * @default 1_296_000_000
   */
  readonly tokenTtlMs?: number | undefined;
  /** The company's callback URL (its dashboard setting). Default: none; deliveries are skipped. */
  readonly webhookUrl?: string | null | undefined;
  /**
   * How long a webhook receiver may take to answer before the delivery is journaled as `timeout`.
   *
   * @default 5000
   */
  readonly webhookTimeoutMs?: number | undefined;
  /**
   * Start time of the mock clock. Default: `2040-01-01T00:00:00.000Z` when `seed` is given,
   * otherwise the real time.
   */
  readonly now?: Date | string | number | undefined;
  /**
   * Whether the mock clock stands still between `advance`/`set` calls.
   *
   * @default true when `seed` is given, false otherwise (the clock follows real time)
   */
  readonly frozenClock?: boolean | undefined;
  /**
   * Return Pix keys partly masked (prefix kept, the rest `*`), like the provider's examples.
   * Withdrawals accept the key object either masked or whole.
   *
   * @default false
   */
  readonly maskKeys?: boolean | undefined;
  /**
   * Largest request body accepted; a larger one is answered 413.
   *
   * @default 1_048_576
   */
  readonly maxBodyBytes?: number | undefined;
  /**
   * Most entries `mock.requests` keeps (a positive integer); past it the oldest entry is dropped
   * for each new one, so a long run holds a bounded journal. Each entry keeps at most 64 KiB of
   * its body.
   *
   * @default 10_000
   */
  readonly journalLimit?: number | undefined;
}

/**
 * A customer of the company, as the mock stores it.
 *
 * @example
 * ```ts
 * const customer: MockCustomer = mock.customers.create({ name: 'Ana Souza' });
 * customer.document; // a valid generated CPF
 * ```
 */
export interface MockCustomer {
  /** Identifier, 24 lower-case hex characters. */
  readonly _id: string;
  /** Name. */
  readonly name: string;
  /** CPF or CNPJ, digits (and letters for the alphanumeric CNPJ) only. */
  readonly document: string;
  /** E-mail, when given. */
  readonly email?: string;
  /** Phone, when given (stored, not returned by `GET /customer/{id}`). */
  readonly phone?: string;
  /** Record version, always 0 in the mock. */
  readonly version: number;
  /** Creation time, ISO 8601 UTC (mock clock). */
  readonly createdDate: string;
  /** Last change, ISO 8601 UTC (mock clock). */
  readonly updatedDate: string;
}

/**
 * A registered Pix key as the mock stores it (the key unmasked).
 *
 * @example
 * ```ts
 * const keys: ReadonlyArray<MockPixKey> = mock.pixKeys.list(customer._id);
 * ```
 */
export interface MockPixKey {
  /** Identifier of the key. */
  readonly _id: string;
  /** The customer it is registered to. */
  readonly customerId: string;
  /** The key, normalised and unmasked. */
  readonly key: string;
  /** Its type. */
  readonly type: KnownPixKeyType;
  /** Registration time, ISO 8601 UTC (mock clock). */
  readonly createdDate: string;
}

/**
 * A withdrawal as the mock stores it.
 *
 * @example
 * ```ts
 * const withdrawal: MockWithdrawal | undefined = mock.withdrawals.get(id);
 * withdrawal?.status; // 'PENDING'
 * ```
 */
export interface MockWithdrawal {
  /** Identifier of the withdrawal. */
  readonly _id: string;
  /** The customer who withdraws. */
  readonly customerId: string;
  /** The merchant's reference (and idempotency key), when sent. */
  readonly externalId?: string;
  /** Decimal amount, as sent. */
  readonly amount: number;
  /** The withdrawal currency it was made in. */
  readonly currency: Currency;
  /** The receiving Pix key (unmasked). */
  readonly pixKey: MockPixKeyRef;
  /** Current status. */
  readonly status: KnownTransactionStatus;
  /** Document reported by `settle(…, { identifiedDocumentPix })`, if any. */
  readonly identifiedDocumentPix?: string;
  /** Creation time, ISO 8601 UTC (mock clock). */
  readonly createdDate: string;
  /** Last status change, ISO 8601 UTC (mock clock). */
  readonly updatedDate: string;
}

/**
 * A Pix key as a withdrawal carries it.
 *
 * @example
 * ```ts
 * const ref: MockPixKeyRef = { key: 'ana@example.com', type: 'EMAIL', _id: keyId };
 * ```
 */
export interface MockPixKeyRef {
  /** The key value. */
  readonly key: string;
  /** Its type. */
  readonly type: string;
  /** Identifier of the key. */
  readonly _id: string;
}

/**
 * A deposit as the mock stores it; `code` is its Pix BR Code.
 *
 * @example
 * ```ts
 * const deposit: MockDeposit | undefined = mock.deposits.get(id);
 * deposit?.code.startsWith('000201'); // true
 * ```
 */
export interface MockDeposit {
  /** Identifier of the deposit (`data.id` in the creation answer). */
  readonly _id: string;
  /** The customer who deposits. */
  readonly customerId: string;
  /** The merchant's reference, when sent. */
  readonly externalId?: string;
  /** Decimal amount, as sent. */
  readonly amount: number;
  /** The deposit currency it was made in. */
  readonly currency: Currency;
  /** Current status. */
  readonly status: KnownTransactionStatus;
  /** The Pix BR Code (copy and paste) string. */
  readonly code: string;
  /** Document reported by `settle(…, { identifiedDocumentPix })`, if any. */
  readonly identifiedDocumentPix?: string;
  /** Creation time, ISO 8601 UTC (mock clock). */
  readonly createdDate: string;
  /** Last status change, ISO 8601 UTC (mock clock). */
  readonly updatedDate: string;
}

/**
 * One handled request in `mock.requests`. Never holds an `Authorization` value or a password
 * (a `password` field of a body is journaled as `[redacted]`). The journal keeps the latest
 * `journalLimit` entries (default 10,000).
 *
 * @example
 * ```ts
 * expect(mock.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toContain(
 *   'GET /withdraw/company/currencies 200',
 * );
 * ```
 */
export interface JournalEntry {
  /** Sequence number within the mock, from 1. */
  readonly id: number;
  /** HTTP method, upper case. */
  readonly method: string;
  /** Path relative to `baseUrl`, without the query. */
  readonly path: string;
  /** The query string, with its `?`, or `''`. */
  readonly query: string;
  /** The operation (`area.method`) the path names, or `null` for a path the service does not have. */
  readonly operation: OperationId | null;
  /** Status answered; `0` when a fault answered with a network error. */
  readonly status: number;
  /** Mock-clock time the request arrived, ISO 8601 UTC. */
  readonly time: string;
  /** Address the request came from (real socket address in server mode). */
  readonly callerIp: string;
  /** Id of the fault that answered it, if one did. */
  readonly fault?: string;
  /** Why authentication failed, if it did (never sent to the caller). */
  readonly authFailure?: string;
  /** Why the request was refused, if it was (never sent to the caller). */
  readonly detail?: string;
  /**
   * A copy of the JSON body, for the operations that read one and once it parsed: values deeper
   * than two levels summarised, `password` redacted, at most 64 KiB of JSON (see `truncated`).
   */
  readonly body?: unknown;
  /** Size in bytes of the request body as received, when it had one. */
  readonly bodyBytes?: number;
  /** `true` when `body` holds only part of the body: it did not fit in 64 KiB. */
  readonly truncated?: true;
}

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

/**
 * Internal customer record.
 *
 * @internal
 */
export interface CustomerRecord {
  _id: string;
  name: string;
  document: string;
  email: string | undefined;
  phone: string | undefined;
  version: number;
  createdDate: string;
  updatedDate: string;
}

/**
 * Internal Pix key record; `key` is the normalised, unmasked value.
 *
 * @internal
 */
export interface PixKeyRecord {
  _id: string;
  customerId: string;
  key: string;
  type: KnownPixKeyType;
  createdDate: string;
}

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
  readonly maskKeys: boolean;
  readonly maxBodyBytes: number;
  readonly journalLimit: number;
  readonly clock: InternalClock;
  readonly auth: AuthArea;
  readonly faults = new FaultRegistry();
  readonly webhooks: WebhookDispatcher;

  random: RandomSource;
  #objectId: (nowMs: number) => string;
  #baseline: Baseline;

  customers = new Map<string, CustomerRecord>();
  customersByDocument = new Map<string, string>();
  pixKeys = new Map<string, PixKeyRecord>();
  pixKeysByValue = new Map<string, string>();
  withdrawals = new Map<string, TransactionRecord>();
  withdrawalsByExternalId = new Map<string, string>();
  deposits = new Map<string, TransactionRecord>();
  // The journal is a ring of at most `journalLimit` entries: `#journalStart` is the oldest.
  #journal: JournalEntry[] = [];
  #journalStart = 0;
  #requestSeq = 1;
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
    this.maskKeys = options.maskKeys ?? false;
    this.maxBodyBytes = positive(options.maxBodyBytes, 1024 * 1024, 'maxBodyBytes');
    this.journalLimit = options.journalLimit ?? 10_000;
    if (!Number.isInteger(this.journalLimit) || this.journalLimit < 1) {
      throw new TypeError('journalLimit must be a positive integer');
    }
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

  nextRequestId(): number {
    return this.#requestSeq++;
  }

  /** Adds a request to the journal, in place of the oldest entry when it is full. */
  journal(entry: JournalEntry): void {
    if (this.#journal.length < this.journalLimit) {
      this.#journal.push(entry);
    } else {
      this.#journal[this.#journalStart] = entry;
      this.#journalStart = (this.#journalStart + 1) % this.journalLimit;
    }
  }

  /** The journal, oldest first (a new array). */
  get requests(): JournalEntry[] {
    const start = this.#journalStart;
    return [...this.#journal.slice(start), ...this.#journal.slice(0, start)];
  }

  get journalSize(): number {
    return this.#journal.length;
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
    this.#journal = [];
    this.#journalStart = 0;
    this.#requestSeq = 1;
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
    this.customers = new Map();
    this.customersByDocument = new Map();
    this.pixKeys = new Map();
    this.pixKeysByValue = new Map();
    this.withdrawals = new Map();
    this.withdrawalsByExternalId = new Map();
    this.deposits = new Map();
    this.#storeCustomer({ ...this.#baseline.seededCustomer });
  }

  #storeCustomer(record: CustomerRecord): void {
    this.customers.set(record._id, record);
    this.customersByDocument.set(record.document, record._id);
  }

  // ---- customers -------------------------------------------------------------------------

  /** Creates a customer; the caller has checked the input and that the document is new. */
  insertCustomer(input: {
    name: string;
    document: string;
    email?: string | undefined;
    phone?: string | undefined;
  }): CustomerRecord {
    const now = this.nowIso();
    const record: CustomerRecord = {
      _id: this.newId(),
      name: input.name,
      document: input.document,
      email: input.email,
      phone: input.phone,
      version: 0,
      createdDate: now,
      updatedDate: now,
    };
    this.#storeCustomer(record);
    return record;
  }

  generateCpf(): string {
    for (;;) {
      const cpf = generateCpf(this.random);
      if (!this.customersByDocument.has(cpf)) return cpf;
    }
  }

  // ---- Pix keys --------------------------------------------------------------------------

  keysOf(customerId: string): PixKeyRecord[] {
    return [...this.pixKeys.values()].filter((key) => key.customerId === customerId);
  }

  insertPixKey(customerId: string, type: KnownPixKeyType, key: string): PixKeyRecord {
    const record: PixKeyRecord = {
      _id: this.newId(),
      customerId,
      key,
      type,
      createdDate: this.nowIso(),
    };
    this.pixKeys.set(record._id, record);
    this.pixKeysByValue.set(key, record._id);
    return record;
  }

  deletePixKey(id: string): void {
    const record = this.pixKeys.get(id);
    if (!record) return;
    this.pixKeys.delete(id);
    this.pixKeysByValue.delete(record.key);
  }

  /** The key as the service shows it: masked when the mock was created with `maskKeys`. */
  shownKey(record: PixKeyRecord): { key: string; type: string; _id: string } {
    return {
      key: this.maskKeys ? maskKey(record) : record.key,
      type: record.type,
      _id: record._id,
    };
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

  customerView(record: CustomerRecord): MockCustomer {
    return freeze({
      _id: record._id,
      name: record.name,
      document: record.document,
      ...(record.email !== undefined ? { email: record.email } : {}),
      ...(record.phone !== undefined ? { phone: record.phone } : {}),
      version: record.version,
      createdDate: record.createdDate,
      updatedDate: record.updatedDate,
    });
  }

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

/**
 * The masked form of a key (no rule is published; the provider's examples keep a prefix and
 * star the rest): PHONE keeps `+55` and the area code, every other type its first 3 characters.
 * The length is kept.
 *
 * @internal
 */
export function maskKey(record: { key: string; type: string }): string {
  const keep = record.type === 'PHONE' ? 5 : 3;
  return record.key.slice(0, keep) + '*'.repeat(Math.max(0, record.key.length - keep));
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new TypeError(`${name} must be a positive finite number`);
  }
  return value;
}
