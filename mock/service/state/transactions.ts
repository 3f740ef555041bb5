import {
  type Currency,
  type KnownTransactionStatus,
  TRANSACTION_STATUSES,
  type WebhookPayload,
} from 'pix-payment-sdk';
import type { SettleOptions } from '../../types/controls.js';
import type { MockDeposit, MockWithdrawal } from '../../types/records.js';
import { checkFields, fieldsOf } from '../body-fields.js';
import { buildBrCode } from '../br-code.js';
import { shown, UnknownIdError } from '../control-refusal.js';
import { uuid } from '../ids.js';
import { type WebhookDelivery, type WebhookDispatcher, webhookPayloadOf } from '../webhooks.js';
import type { CryptoLeg } from './crypto.js';
import {
  type LedgerArea,
  type LedgerPosition,
  ledgerCurrencyOf,
  positionAfter,
  type TransactionKind,
} from './ledger.js';
import type { Stamps } from './stamps.js';

export type { TransactionKind } from './ledger.js';

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
  /** BRL in cents: the Pix side (0 for a USDT-only operation). */
  amountCents: number;
  /** The listed currency of the Pix side; `undefined` for a USDT-only operation. */
  currency: Currency | undefined;
  /** The USDT side of a crypto operation; `undefined` for a Pix one. */
  crypto?: CryptoLeg | undefined;
  status: KnownTransactionStatus;
  /** Whether the Pix network validated the counterpart's document (set by `settle`). */
  identifiedDocumentPix: boolean | undefined;
  createdDate: string;
  updatedDate: string;
  /** The receiving key of a withdrawal (unmasked); `undefined` for a deposit. */
  pixKey: { key: string; type: string; _id: string } | undefined;
  /** The BR Code of a deposit; `undefined` for a withdrawal. */
  code: string | undefined;
  /** Where its amount stands in the account's ledger. */
  position: LedgerPosition;
  /**
   * The units a dispute running on this deposit holds in the ledger (`mock.deposits.dispute`);
   * `undefined` when none runs.
   */
  disputeHold?: number | undefined;
  /**
   * What identified the request that created it, field by field, to tell a repeat of its
   * `externalId` that asks for the same payment from one that asks for another.
   */
  readonly request: ReadonlyMap<string, string>;
}

/**
 * What a new transaction is made from; the state adds the id, status, times and BR Code.
 *
 * @internal
 */
export type TransactionInput = Pick<
  TransactionRecord,
  'customerId' | 'externalId' | 'amountCents' | 'currency' | 'pixKey' | 'request' | 'crypto'
>;

/** The company behind the mock's deposits' BR Codes. */
// What `settle()` takes as options: a misspelt one is refused, not ignored.
const SETTLE_FIELDS = fieldsOf<SettleOptions>()(['identifiedDocumentPix']);

const MOCK_COMPANY = { name: 'Empresa Exemplo Ltda', city: 'Sao Paulo' } as const;

/**
 * Where a deposit's dynamic BR Code points: a host of the reserved `.test` domain and a path with
 * a UUID, 63 characters like the location in the provider's deposit example. Nothing is served
 * there; a payer's app would fetch the charge from it.
 */
const LOCATION_PREFIX = 'pix.payments.test/qr/v3/at/';

/** The account whose transactions these are, as its webhooks address it. */
interface WebhookAccount {
  readonly id: string;
  readonly webhookUrl: string | null;
}

/**
 * The withdrawals and the deposits of one account: one record type for both, kept by kind, each kind
 * with its index by `externalId`. Each creation and status change moves the amount in the
 * account's ledger: a withdrawal holds it when created, spends it when paid, gives it back when it
 * fails; a deposit credits it when paid ({@link positionAfter}).
 *
 * @internal
 */
export class TransactionsArea {
  readonly #stamps: Stamps;
  readonly #ledger: LedgerArea;
  readonly #webhooks: Pick<WebhookDispatcher, 'deliver'>;
  readonly #account: WebhookAccount;
  #withdrawals = new Map<string, TransactionRecord>();
  #deposits = new Map<string, TransactionRecord>();
  #idByExternalId = { withdrawal: new Map<string, string>(), deposit: new Map<string, string>() };

  /**
   * `ledger` is this account's; a status change hands its webhook to `webhooks` (the service's
   * dispatcher) itself, addressed to `account`'s URL as it is when the webhook leaves.
   */
  constructor(
    stamps: Stamps,
    ledger: LedgerArea,
    webhooks: Pick<WebhookDispatcher, 'deliver'>,
    account: WebhookAccount,
  ) {
    this.#stamps = stamps;
    this.#ledger = ledger;
    this.#webhooks = webhooks;
    this.#account = account;
  }

  get(kind: TransactionKind, id: string): TransactionRecord | undefined {
    return this.#of(kind).get(id);
  }

  /** Every transaction of one kind, oldest first. */
  all(kind: TransactionKind): TransactionRecord[] {
    return [...this.#of(kind).values()];
  }

  size(kind: TransactionKind): number {
    return this.#of(kind).size;
  }

  /** The transaction of this kind created with `externalId`, or `undefined`. */
  withExternalId(kind: TransactionKind, externalId: string): TransactionRecord | undefined {
    const id = this.#idByExternalId[kind].get(externalId);
    return id === undefined ? undefined : this.#of(kind).get(id);
  }

  /**
   * Creates a withdrawal (`PENDING`, its amount held) or a deposit (`WAITING_PAYMENT`, with its BR
   * Code). The caller has checked that the available balance covers a withdrawal; a `RangeError`
   * (and nothing created) otherwise.
   */
  insert(kind: TransactionKind, input: TransactionInput): TransactionRecord {
    const position: LedgerPosition = kind === 'withdrawal' ? 'held' : 'none';
    this.#moveMoney(input, 'none', position);
    const now = this.#stamps.nowIso();
    const id = this.#stamps.newId();
    const record: TransactionRecord = {
      ...input,
      kind,
      _id: id,
      status: kind === 'withdrawal' ? 'PENDING' : 'WAITING_PAYMENT',
      identifiedDocumentPix: undefined,
      code:
        kind === 'deposit' && input.currency !== undefined
          ? buildBrCode({
              location: LOCATION_PREFIX + uuid(this.#stamps.random()),
              amountCents: input.amountCents,
              merchantName: MOCK_COMPANY.name,
              merchantCity: MOCK_COMPANY.city,
            })
          : undefined,
      createdDate: now,
      updatedDate: now,
      position,
    };
    this.#of(kind).set(id, record);
    // Per the provider's public docs, withdrawals and deposits alike are idempotent by externalId
    // (its webhook page: "Depósito ou Saque"). Each kind keeps its own index: nothing published
    // says a deposit and a withdrawal may not share a reference.
    if (record.externalId !== undefined) this.#idByExternalId[kind].set(record.externalId, id);
    return record;
  }

  /** The webhook body of a transaction. */
  payload(record: TransactionRecord): WebhookPayload {
    const operation = record.kind === 'withdrawal' ? 'WITHDRAW' : 'DEPOSIT';
    // Per the provider's public docs, an operation with a USDT side reports USDT, without `type`.
    if (record.crypto !== undefined || record.currency === undefined) {
      return webhookPayloadOf({
        ...record,
        id: record._id,
        name: record.crypto?.cryptocurrency.name ?? 'USDT',
        type: undefined,
        amount: (record.crypto?.units ?? 0) / 1_000_000,
        operation,
      });
    }
    // Per the provider's public docs: `id` (not `_id`), name BRL, type PIX, decimal amount.
    return webhookPayloadOf({
      ...record,
      id: record._id,
      name: record.currency.name,
      type: record.currency.type,
      amount: record.amountCents / 100,
      operation,
    });
  }

  /** Moves a transaction to `status` and sends its webhook. */
  async settle(
    kind: TransactionKind,
    id: string,
    status: string,
    options: { identifiedDocumentPix?: boolean | undefined } = {},
  ): Promise<WebhookDelivery> {
    checkFields(options, SETTLE_FIELDS, {
      control: `${kind}s.settle`,
      argument: 'options',
      holder: 'the options object',
      optional: true,
    });
    const record = this.#of(kind).get(id);
    if (!record) throw new UnknownIdError(`no ${kind} with id ${shown(id)}`);
    if (record.disputeHold !== undefined) {
      throw new RangeError(
        `${kind} ${JSON.stringify(id)} is in a dispute: mock.deposits.dispute() decides its outcome`,
      );
    }
    if (!(TRANSACTION_STATUSES as ReadonlyArray<string>).includes(status)) {
      throw new RangeError(
        `status must be one of ${TRANSACTION_STATUSES.join(', ')}, got ${shown(status)}`,
      );
    }
    // Per the provider's public docs, a boolean: whether the Pix network validated the payer's
    // (deposit) or receiver's (withdrawal) document. It was a CPF string in earlier versions.
    const identified = options.identifiedDocumentPix;
    if (identified !== undefined && typeof identified !== 'boolean') {
      throw new TypeError(
        `identifiedDocumentPix must be a boolean (whether the Pix network validated the document), got ${identified === null ? 'null' : typeof identified}`,
      );
    }
    const position = positionAfter(kind, status, record.position);
    this.#moveMoney(record, record.position, position);
    record.position = position;
    if (identified !== undefined) record.identifiedDocumentPix = identified;
    return this.transition(record, status as KnownTransactionStatus);
  }

  /**
   * Moves a transaction to `status` at once and sends its webhook; the caller has moved its money
   * (or moves none).
   */
  transition(record: TransactionRecord, status: KnownTransactionStatus): Promise<WebhookDelivery> {
    record.status = status;
    record.updatedDate = this.#stamps.nowIso();
    const account = this.#account;
    return this.#webhooks.deliver(this.payload(record), 'settle', {
      url: account.webhookUrl,
      account: account.id,
    });
  }

  /** A transaction as `mock.withdrawals` and `mock.deposits` show it. */
  view(record: TransactionRecord): MockWithdrawal | MockDeposit {
    // `kind` decides which of `pixKey` and `code` the record holds, so which view this is.
    return Object.freeze({
      _id: record._id,
      customerId: record.customerId,
      ...(record.externalId !== undefined ? { externalId: record.externalId } : {}),
      amount: record.amountCents / 100,
      ...(record.currency !== undefined ? { currency: record.currency } : {}),
      ...(record.crypto !== undefined
        ? {
            cryptocurrency: record.crypto.cryptocurrency,
            cryptoAmount: record.crypto.units / 1_000_000,
            ...(record.crypto.network !== undefined
              ? { blockchainNetwork: record.crypto.network }
              : {}),
            ...(record.crypto.wallet !== undefined ? { wallet: record.crypto.wallet } : {}),
          }
        : {}),
      ...(record.pixKey !== undefined ? { pixKey: Object.freeze({ ...record.pixKey }) } : {}),
      status: record.status,
      ...(record.code !== undefined ? { code: record.code } : {}),
      ...(record.identifiedDocumentPix !== undefined
        ? { identifiedDocumentPix: record.identifiedDocumentPix }
        : {}),
      createdDate: record.createdDate,
      updatedDate: record.updatedDate,
    }) as MockWithdrawal | MockDeposit;
  }

  /** No transaction. */
  reset(): void {
    this.#withdrawals = new Map();
    this.#deposits = new Map();
    this.#idByExternalId = { withdrawal: new Map(), deposit: new Map() };
  }

  // A currency the ledger does not keep moves nothing (every listed currency is BRL). A crypto
  // operation moves its USDT only: the Pix side of a conversion is the provider's, not the
  // account's balance.
  #moveMoney(
    record: Pick<TransactionRecord, 'currency' | 'amountCents' | 'crypto'>,
    from: LedgerPosition,
    to: LedgerPosition,
  ): void {
    if (record.crypto !== undefined) {
      this.#ledger.move('USDT', record.crypto.units, from, to);
      return;
    }
    if (record.currency === undefined) return;
    const currency = ledgerCurrencyOf(record.currency.name);
    if (currency !== undefined) this.#ledger.move(currency, record.amountCents, from, to);
  }

  #of(kind: TransactionKind): Map<string, TransactionRecord> {
    return kind === 'withdrawal' ? this.#withdrawals : this.#deposits;
  }
}
