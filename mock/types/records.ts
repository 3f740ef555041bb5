// The records the mock keeps and shows: customers, Pix keys, withdrawals, deposits and the journal.
import type {
  BlockchainNetwork,
  Cryptocurrency,
  Currency,
  KnownPixKeyType,
  KnownTransactionStatus,
} from 'pix-payment-sdk';
import type { OperationId } from '../service/operations.js';

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
  /** The withdrawal currency it was made in; absent for a withdrawal to a wallet (USDT only). */
  readonly currency?: Currency;
  /** The receiving Pix key (unmasked); absent for a withdrawal to a wallet. */
  readonly pixKey?: MockPixKeyRef;
  /** The USDT side of a crypto withdrawal (off-ramp or to a wallet). */
  readonly cryptocurrency?: Cryptocurrency;
  /** USDT moved, six decimals at most. */
  readonly cryptoAmount?: number;
  /** The network of a withdrawal to a wallet. */
  readonly blockchainNetwork?: BlockchainNetwork;
  /** The destination of a withdrawal to a wallet. */
  readonly wallet?: string;
  /** Current status. */
  readonly status: KnownTransactionStatus;
  /** Whether the Pix network validated the document, once `settle(…, { identifiedDocumentPix })` set it. */
  readonly identifiedDocumentPix?: boolean;
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
 * deposit?.code?.startsWith('000201'); // true for a Pix deposit
 * ```
 */
export interface MockDeposit {
  /** Identifier of the deposit (`data.id` in the creation answer). */
  readonly _id: string;
  /** The customer who deposits. */
  readonly customerId: string;
  /** The merchant's reference (and idempotency key), when sent. */
  readonly externalId?: string;
  /** Decimal amount, as sent. */
  readonly amount: number;
  /** The deposit currency it was made in; absent for a USDT transfer to a wallet. */
  readonly currency?: Currency;
  /** Current status. */
  readonly status: KnownTransactionStatus;
  /** The Pix copy-and-paste string: a dynamic BR Code; absent for a USDT transfer to a wallet. */
  readonly code?: string;
  /** The USDT side of an on-ramp deposit or of a transfer to the customer's wallet. */
  readonly cryptocurrency?: Cryptocurrency;
  /** USDT credited when paid, six decimals at most. */
  readonly cryptoAmount?: number;
  /** The network of a transfer to the customer's wallet. */
  readonly blockchainNetwork?: BlockchainNetwork;
  /** Whether the Pix network validated the document, once `settle(…, { identifiedDocumentPix })` set it. */
  readonly identifiedDocumentPix?: boolean;
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
  /** The sub-account whose token made the request; absent for the main account. */
  readonly account?: string;
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
 * BRL per USDT, a decimal string exact to six decimals.
 *
 * @example
 * ```ts
 * const rates: MockRates = { USDT: '5.364' };
 * ```
 */
export interface MockRates {
  /** BRL for one USDT. */
  readonly USDT: string;
}
