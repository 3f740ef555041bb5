import type { Currency, WebhookPayload } from 'pix-payment-sdk';
import type { PaymentServiceMockOptions } from '../../types/options.js';
import type { OperationId } from '../operations.js';
import type { WebhookDelivery, WebhookDispatcher } from '../webhooks.js';
import { type CustomerRecord, CustomersArea } from './customers.js';
import { LedgerArea, type LedgerCurrency } from './ledger.js';
import { PixKeysArea } from './pix-keys.js';
import type { Stamps } from './stamps.js';
import { type TransactionKind, TransactionsArea } from './transactions.js';

/** What a repeated `externalId` with another body gets (see `idempotencyMismatch`). */
type IdempotencyMismatch = NonNullable<PaymentServiceMockOptions['idempotencyMismatch']>;

/**
 * What every account takes from the service it lives in.
 *
 * @internal
 */
export interface AccountServices {
  readonly stamps: Stamps;
  readonly strict: boolean;
  /** What a repeated `externalId` with another body gets (the `idempotencyMismatch` option). */
  readonly idempotencyMismatch: IdempotencyMismatch;
  readonly maskKeys: boolean;
  /** The Pix key values registered in any account (a value is registered once). */
  readonly pixDirectory: Set<string>;
  currenciesOf(kind: TransactionKind): ReadonlyArray<Currency>;
  /** The service's one dispatcher, which an account's webhooks are handed to directly. */
  readonly webhooks: Pick<WebhookDispatcher, 'deliver'>;
}

/**
 * Who an account is and how it starts.
 *
 * @internal
 */
export interface AccountSpec {
  readonly id: string;
  readonly name: string;
  readonly credentials: { readonly email: string; readonly password: string };
  /** `undefined` for the main account. */
  readonly parentId: string | undefined;
  /** Whether it may create sub-accounts (per the provider's public docs, "Partner" accounts). */
  readonly partner: boolean;
  readonly balance: ReadonlyMap<LedgerCurrency, number>;
  readonly webhookUrl: string | null;
  /** The main account's seeded customer; a sub-account starts without customers. */
  readonly seededCustomer: CustomerRecord | undefined;
  /** A sub-account's fee split as it was sent (kept, shown by the controls, not charged). */
  readonly feeSplit: unknown;
}

/**
 * One account of the service, the main one or a sub-account: its credentials, customers, Pix
 * keys, transactions and ledger, its webhook URL, its withdrawal and balance IP lists and the
 * actions its token lacks. The router hands a resolver the account of the token it was called
 * with, so a resolver reads and writes this account alone; nothing here reaches another account
 * (only the Pix key directory is shared, as the Banco Central's is).
 *
 * @internal
 */
export class AccountState {
  readonly id: string;
  readonly name: string;
  readonly credentials: { readonly email: string; readonly password: string };
  readonly parentId: string | undefined;
  readonly seededCustomerId: string | undefined;
  readonly feeSplit: unknown;
  readonly strict: boolean;
  readonly idempotencyMismatch: IdempotencyMismatch;
  readonly customers: CustomersArea;
  readonly pixKeys: PixKeysArea;
  readonly ledger: LedgerArea;
  readonly transactions: TransactionsArea;
  /** This account's webhooks: deliveries go to its own URL. */
  readonly webhooks: {
    deliver(payload: WebhookPayload, trigger: WebhookDelivery['trigger']): Promise<WebhookDelivery>;
  };
  partner: boolean;
  webhookUrl: string | null;
  /** The name the webhook was registered under (`POST /webhook/subaccount`). */
  webhookName: string | undefined;
  /** The addresses allowed to create withdrawals; empty lets every address in. */
  withdrawalIps: string[] = [];
  /** The addresses allowed to read the balance (its own list); empty lets every address in. */
  balanceIps: string[] = [];
  deniedActions = new Set<OperationId>();
  /**
   * The serial of the first token this account accepts: tokens issued before it was created
   * belonged to another account, one a reset removed whose id this one may have been given again.
   * The main account, which a reset keeps, accepts every token of its id.
   */
  tokensFrom = 0;
  readonly #services: AccountServices;

  constructor(spec: AccountSpec, services: AccountServices) {
    this.#services = services;
    this.id = spec.id;
    this.name = spec.name;
    this.credentials = Object.freeze({ ...spec.credentials });
    this.parentId = spec.parentId;
    this.partner = spec.partner;
    this.feeSplit = spec.feeSplit;
    this.webhookUrl = spec.webhookUrl;
    this.seededCustomerId = spec.seededCustomer?._id;
    this.strict = services.strict;
    this.idempotencyMismatch = services.idempotencyMismatch;
    this.customers = new CustomersArea(services.stamps);
    this.customers.reset(spec.seededCustomer);
    this.pixKeys = new PixKeysArea(services.stamps, services.maskKeys, services.pixDirectory);
    this.ledger = new LedgerArea(spec.balance);
    const dispatcher = services.webhooks;
    this.webhooks = {
      deliver: (payload, trigger) =>
        dispatcher.deliver(payload, trigger, { url: this.webhookUrl, account: this.id }),
    };
    this.transactions = new TransactionsArea(services.stamps, this.ledger, dispatcher, this);
  }

  /** Whether this is a sub-account. */
  get isSubAccount(): boolean {
    return this.parentId !== undefined;
  }

  /** The currencies listed for this kind of transaction (different objects for each kind). */
  currenciesOf(kind: TransactionKind): ReadonlyArray<Currency> {
    return this.#services.currenciesOf(kind);
  }

  /** Forgets its Pix keys in the shared directory, when the account is dropped. */
  close(): void {
    this.pixKeys.reset();
  }
}

/**
 * The accounts of one mock: the main account and its sub-accounts, by id and by e-mail.
 * `reset()` keeps the main account alone.
 *
 * @internal
 */
export class AccountsArea {
  #byId = new Map<string, AccountState>();
  #byEmail = new Map<string, AccountState>();
  #main: AccountState | undefined;

  /** The main account (`mock.credentials`). */
  get main(): AccountState {
    if (this.#main === undefined) throw new Error('the mock has no main account');
    return this.#main;
  }

  get(id: string): AccountState | undefined {
    return this.#byId.get(id);
  }

  /** The account these credentials log in to, or `undefined`. */
  withCredentials(email: string, password: string): AccountState | undefined {
    const account = this.#byEmail.get(email.toLowerCase());
    const { credentials } = account ?? {};
    return credentials?.email === email && credentials.password === password ? account : undefined;
  }

  /** Whether an account logs in with `email` (compared without case). */
  hasEmail(email: string): boolean {
    return this.#byEmail.has(email.toLowerCase());
  }

  /** Every account, the main one first. */
  all(): AccountState[] {
    return [...this.#byId.values()];
  }

  /** Adds an account; the caller has checked its e-mail is free. */
  add(account: AccountState): AccountState {
    this.#byId.set(account.id, account);
    this.#byEmail.set(account.credentials.email.toLowerCase(), account);
    return account;
  }

  /** `main` alone; the accounts dropped forget their Pix keys. */
  reset(main: AccountState): void {
    for (const account of this.#byId.values()) account.close();
    this.#byId = new Map();
    this.#byEmail = new Map();
    this.#main = main;
    this.add(main);
  }
}
