/**
 * Every error the SDK throws, provoked for real, with the recommended reaction:
 * `npx tsx examples/handle-errors.ts`
 *
 *   PaymentError                      base of everything the SDK throws
 *   ├─ PaymentApiError                the service answered an error status
 *   │  ├─ BadRequestError             400
 *   │  ├─ UnauthorizedError           401 (after one retry with a fresh token)
 *   │  ├─ NotFoundError               404
 *   │  ├─ RateLimitError              429
 *   │  └─ InternalServerError         5xx
 *   ├─ PaymentConnectionError         no answer (refused, reset, DNS)
 *   ├─ PaymentTimeoutError            no answer within timeoutMs
 *   ├─ PaymentLoginError              not sent: the login it needed failed (cause: the login's error)
 *   ├─ PaymentValidationError         input rejected before any request
 *   │  └─ WithdrawalLimitError        a withdrawal above maxWithdrawal
 *   └─ PaymentResponseError           2xx whose body breaks the contract
 *
 * `instanceof` works within one copy of the package; the `is…` guards also work across realms
 * and duplicate installs (a library of yours that bundles its own copy, a worker), so prefer them
 * in shared code. Every error's `outcome` says whether the service may have acted: `'not-sent'`,
 * `'refused'`, `'unknown'` (`isOutcomeUncertain`: repeat with the same externalId) or `'acted'`.
 * Each case is provoked against the embedded mock with its controls
 * (`mock.faults.inject`, `mock.auth.allowIps`, a wrong password…); mock only.
 */
import {
  BadRequestError,
  buildWithdrawal,
  InternalServerError,
  isPaymentApiError,
  isPaymentApiErrorWithStatus,
  isPaymentConnectionError,
  isPaymentError,
  isPaymentLoginError,
  isPaymentResponseError,
  isPaymentTimeoutError,
  isPaymentValidationError,
  isWithdrawalLimitError,
  NotFoundError,
  PaymentApiError,
  PaymentClient,
  PaymentConnectionError,
  PaymentLoginError,
  PaymentResponseError,
  PaymentTimeoutError,
  PaymentValidationError,
  RateLimitError,
  selectCurrency,
  UnauthorizedError,
} from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';

const mock = createPaymentServiceMock();
// A short backoff so the retries below take milliseconds (the default starts at 500 ms).
const options = {
  baseUrl: mock.baseUrl,
  fetch: mock.fetch,
  retryBackoff: { initialDelayMs: 10, maxDelayMs: 50 },
};
const client = new PaymentClient({ ...options, ...mock.credentials });
const customerId = mock.customers.create({ name: 'Ana Souza' })._id;
const pixKey = await client.pixKeys.ensure(customerId, { type: 'EMAIL', key: 'ana@example.com' });
const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
const CURRENCIES = '/withdraw/company/currencies';

/** The reaction to each kind of failure. Most specific classes first. */
function reaction(error: unknown): string {
  if (isWithdrawalLimitError(error))
    return `above the ceiling (nothing was sent): ${error.amount} ${error.currency} > ${error.limit}; reais, not cents?`;
  if (error instanceof PaymentValidationError)
    return `fix the input (nothing was sent): ${error.issues.map((i) => `${i.path.join('.') || '(value)'} ${i.message}`).join('; ')}`;
  if (error instanceof BadRequestError)
    return 'the service refused the input: fix it; retrying the same request fails the same way';
  if (error instanceof UnauthorizedError)
    return 'credentials, permission or IP allowlist: alert ops; the client already tried a fresh login';
  if (error instanceof NotFoundError)
    return `no such customer/transaction, or key already registered: read serviceMessage ("${error.serviceMessage}")`;
  if (error instanceof RateLimitError)
    return `slow down: wait retryAfterMs (${error.retryAfterMs} ms) before calling again`;
  if (error instanceof InternalServerError)
    return 'service trouble: safe calls were already retried; queue the work and try later';
  if (error instanceof PaymentApiError)
    return `unexpected status ${error.status}: log it with requestId ${error.requestId}`;
  if (error instanceof PaymentLoginError)
    return 'nothing was sent (the login failed after retries): safe to repeat later, whatever the call';
  if (error instanceof PaymentTimeoutError || error instanceof PaymentConnectionError)
    return 'outcome unknown: repeat only what is idempotent (a withdrawal with the SAME externalId); otherwise reconcile first';
  if (error instanceof PaymentResponseError)
    return 'the answer broke the contract: log issues and body, alert, do not act on it';
  if (isPaymentError(error))
    return 'another SDK failure (a bad option, a failing tokenStore): see message and cause';
  throw error; // not ours: a bug in our own code
}

/** The guard that recognises the error without `instanceof`. */
function guard(error: unknown): string {
  if (isPaymentApiError(error))
    return `isPaymentApiErrorWithStatus(e, ${error.status}) → ${isPaymentApiErrorWithStatus(error, error.status)}`;
  const guards = {
    isPaymentValidationError,
    isPaymentTimeoutError,
    isPaymentConnectionError,
    isPaymentLoginError,
    isPaymentResponseError,
  };
  const [name] = Object.entries(guards).find(([, test]) => test(error)) ?? ['isPaymentError'];
  return `${name}(e) → true`;
}

let n = 0;
async function provoke(title: string, run: () => Promise<unknown>): Promise<void> {
  const before = mock.requests.length;
  try {
    await run();
    throw new Error(`${title}: expected an error`);
  } catch (error) {
    if (!isPaymentError(error)) throw error;
    const sent = mock.requests
      .slice(before)
      .map((r) => `${r.method} ${r.path} ${r.status || 'no answer'}`);
    console.log(`${++n}. ${title}\n   ${error.name} (outcome: ${error.outcome}): ${error.message}`);
    console.log(`   ${guard(error)}; requests: ${sent.length ? sent.join(', ') : 'none'}`);
    console.log(`   → ${reaction(error)}\n`);
  }
}

await provoke('a mistyped CPF key', () =>
  client.pixKeys.add(customerId, { type: 'CPF', key: '123.456.789-00' }),
);
await provoke('an amount with three decimals', async () =>
  buildWithdrawal({ amount: '10.505', customerId, currency, pixKey }),
);
const depositBrl = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
await provoke('cents typed as reais, against a ceiling of R$ 500.00', () =>
  new PaymentClient({
    ...options,
    ...mock.credentials,
    maxWithdrawal: { BRL: '500.00' },
  }).withdrawals.create(buildWithdrawal({ amount: 1050, customerId, currency, pixKey })),
);
await provoke('a DEPOSIT currency in a withdrawal (complete, so only the service can tell)', () =>
  client.withdrawals.create(
    buildWithdrawal({ amount: '10.00', customerId, currency: depositBrl, pixKey }),
  ),
);
await provoke('a wrong password', () =>
  new PaymentClient({
    ...options,
    email: mock.credentials.email,
    password: 'not-the-password',
  }).getToken(),
);
mock.auth.allowIps(['203.0.113.7']); // the dashboard allowlist, and we are not on it
await provoke('a caller outside the IP allowlist', () => client.withdrawals.listCurrencies());
mock.auth.allowIps([]);
await provoke('an unknown withdrawal', () => client.withdrawals.get('0123456789abcdef01234567'));
await provoke('a Pix key already registered (the service answers 404 for this too)', () =>
  client.pixKeys.add(mock.customers.create()._id, { type: 'EMAIL', key: 'ana@example.com' }),
);
mock.faults.inject({ path: CURRENCIES, status: 429, headers: { 'retry-after': '2' } });
await provoke(
  '429 with Retry-After: 2 (maxRetries: 0 to see it; by default the client waits and retries)',
  () => client.withdrawals.listCurrencies({ maxRetries: 0 }),
);
const outage = mock.faults.inject({ path: CURRENCIES, status: 503, times: Infinity });
await provoke('503 on every attempt (1 + 2 retries)', () => client.withdrawals.listCurrencies());
outage.remove();
const down = mock.faults.inject({ path: CURRENCIES, networkError: true, times: Infinity });
await provoke('no answer at all: the connection drops (1 + 2 retries)', () =>
  client.withdrawals.listCurrencies(),
);
down.remove();
const loginDown = mock.faults.inject({ path: '/auth/token', status: 503, times: Infinity });
await provoke('the login fails on every attempt (1 + 2 retries): the call is never sent', () =>
  new PaymentClient({ ...options, ...mock.credentials }).withdrawals.listCurrencies(),
);
loginDown.remove();
mock.faults.inject({ path: CURRENCIES, delayMs: 300 });
await provoke('an answer slower than timeoutMs: 100', () =>
  client.withdrawals.listCurrencies({ timeoutMs: 100, maxRetries: 0 }),
);
mock.faults.inject({ path: CURRENCIES, malformedBody: true });
await provoke('200 with a body that is not JSON', () =>
  client.withdrawals.listCurrencies({ maxRetries: 0 }),
);

// What the client absorbs without an error reaching you. The worst case of all: a withdrawal the
// service has processed, whose answer does not arrive in time. `phase: 'after'` makes the mock
// create the withdrawal and only then hold its answer past the client's timeout. The client
// retries with the same externalId, and the service answers the first withdrawal again: paid once.
const before = mock.requests.length;
mock.faults.inject({ method: 'POST', path: '/withdraw', delayMs: 300, phase: 'after' });
const paid = await client.withdrawals.create(
  buildWithdrawal({ amount: '10.00', customerId, currency, pixKey, externalId: 'order-42' }),
  { timeoutMs: 100 },
);
const attempts = mock.requests.slice(before).filter((r) => r.path === '/withdraw');
const count = mock.withdrawals.list().filter((w) => w.externalId === 'order-42').length;
console.log(
  `${++n}. withdrawals.create processed, answered too late, then retried by the client → ${paid.status} ${paid._id}`,
);
for (const [i, r] of attempts.entries()) {
  console.log(`   POST /withdraw attempt ${i + 1}: ${r.status}${r.detail ? ` (${r.detail})` : ''}`);
}
console.log(`   withdrawals with externalId order-42: ${count}`);
if (attempts.length < 2 || !attempts[0]?.fault) {
  throw new Error('the first attempt was not the late answer');
}
if (count !== 1) throw new Error('paid twice?!');
