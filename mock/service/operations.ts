// The names the mock answers to, from the table of operations (src/seam/operations.ts).
import { type OperationSpec, operations, Schema } from '../../src/seam/operations.js';
import { shown } from './control-refusal.js';

export { type OperationSpec, operations };

type Table = typeof operations;

/**
 * The name of an operation of the service: `area.method`, after the client method that calls it
 * (`withdrawals.resendWebhook` is `client.withdrawals.resendWebhook`; `auth.getToken` is
 * `client.getToken`). The request journal, `mock.auth.denyAction()` and the OpenAPI
 * `operationId` all use it.
 *
 * @useDeclaredType
 * @example
 * ```ts
 * const operation: OperationId = 'withdrawals.resendWebhook';
 * mock.auth.denyAction(operation);
 * ```
 */
export type OperationId = {
  [Area in keyof Table]: `${Area}.${keyof Table[Area] & string}`;
}[keyof Table];

/**
 * The names operations had before they took their `area.method` ids, still accepted by
 * `mock.auth.denyAction()`, `allowAction()` and `PUT /__mock/auth/denied-actions`.
 *
 * @deprecated Use the {@link OperationId}: `resendWithdrawalWebhook` is
 * `withdrawals.resendWebhook`.
 * @useDeclaredType
 *
 * @example
 * ```ts
 * const old: OperationAlias = 'resendWithdrawalWebhook'; // the same as 'withdrawals.resendWebhook'
 * ```
 */
export type OperationAlias = keyof typeof ALIASES;

const ALIASES = {
  getToken: 'auth.getToken',
  addPixKey: 'pixKeys.add',
  listPixKeys: 'pixKeys.list',
  removePixKey: 'pixKeys.remove',
  listWithdrawalCurrencies: 'withdrawals.listCurrencies',
  createWithdrawal: 'withdrawals.create',
  getWithdrawal: 'withdrawals.get',
  resendWithdrawalWebhook: 'withdrawals.resendWebhook',
  listDepositCurrencies: 'deposits.listCurrencies',
  createDeposit: 'deposits.create',
  getDeposit: 'deposits.get',
  resendDepositWebhook: 'deposits.resendWebhook',
  createCustomer: 'customers.create',
  getCustomer: 'customers.get',
} as const satisfies Readonly<Record<string, OperationId>>;

/**
 * An entry of the table as the mock reads it: with its id, and with whether it needs a token and
 * whether its body may be left out spelled out.
 *
 * @internal
 */
export type ServiceOperation = Omit<OperationSpec, 'auth'> & {
  readonly id: OperationId;
  /** Whether the operation needs `Authorization: Bearer <token>`. */
  readonly auth: boolean;
  /** The body may be left out: the service needs none and accepts `{}` (`Schema.EmptyBody`). */
  readonly optionalRequest: boolean;
};

/**
 * Every operation of the table, in its order.
 *
 * @internal
 */
export const SERVICE_OPERATIONS: ReadonlyArray<ServiceOperation> = Object.entries(
  operations,
).flatMap(([area, methods]) =>
  Object.entries(methods).map(
    ([method, spec]: [string, OperationSpec]): ServiceOperation => ({
      ...spec,
      id: `${area}.${method}` as OperationId,
      auth: spec.auth !== false,
      optionalRequest: spec.request === Schema.EmptyBody,
    }),
  ),
);

const IDS: ReadonlySet<string> = new Set(SERVICE_OPERATIONS.map((spec) => spec.id));

/**
 * The id an operation name stands for: the id itself, or the id of an old name; `undefined` for
 * anything else.
 *
 * @internal
 */
export function operationIdOf(name: unknown): OperationId | undefined {
  if (typeof name !== 'string') return undefined;
  if (IDS.has(name)) return name as OperationId;
  return Object.hasOwn(ALIASES, name) ? ALIASES[name as OperationAlias] : undefined;
}

/**
 * One line per operation (method, path, id), for the bin's `--help`.
 *
 * @internal
 */
export function operationLines(indent = '  '): string {
  const width = Math.max(...SERVICE_OPERATIONS.map((spec) => spec.path.length));
  return SERVICE_OPERATIONS.map(
    (spec) => `${indent}${spec.method.padEnd(6)} ${spec.path.padEnd(width)}  ${spec.id}`,
  ).join('\n');
}

/**
 * The operations `mock.auth.denyAction()` can deny: every one that needs a token (the token
 * endpoint needs none, so denying it would do nothing), in the table's order.
 *
 * @internal
 */
export const DENIABLE_OPERATIONS: ReadonlyArray<OperationId> = Object.freeze(
  SERVICE_OPERATIONS.filter((spec) => spec.auth).map((spec) => spec.id),
);

/**
 * The id `name` stands for when it can be denied, or why it cannot, listing the valid ids.
 *
 * @internal
 */
export function deniableOperation(
  name: unknown,
): { readonly id: OperationId } | { readonly refused: string } {
  const id = operationIdOf(name);
  if (id !== undefined && DENIABLE_OPERATIONS.includes(id)) return { id };
  const why =
    id === undefined
      ? `unknown operation ${shown(name)}`
      : `${String(name)} needs no token, so it cannot be denied`;
  return { refused: `${why}; valid operations: ${DENIABLE_OPERATIONS.join(', ')}` };
}
