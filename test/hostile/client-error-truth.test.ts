// An error tells the truth about whether the service may have acted. When an attempt of a call may
// have reached the service (its answer lost, a 5xx), and a later attempt of the same call then
// fails in a way that alone would mean "not acted" (a 401, a failed login), the call still ends in
// an error that says "maybe": the payout or the charge may exist, and only a repeat with the same
// externalId, or a read, settles it.
import {
  buildDeposit,
  buildWithdrawal,
  InMemoryTokenStore,
  InternalServerError,
  PaymentConnectionError,
} from 'pix-payment-sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Fixtures, useMockService } from '../support/client-mock-service.js';
import { makeClient, recordingLogger, rejectionOf } from '../support/client-setup.js';

const service = useMockService();
let f: Fixtures;
beforeEach(async () => {
  f = await service.arrange();
});

const calls = {
  'withdrawals.create': {
    path: '/withdraw',
    list: () => service.mock.withdrawals.list().filter((t) => t._id !== f.withdrawalId),
    call: (client: ReturnType<typeof makeClient>) =>
      client.withdrawals.create(
        buildWithdrawal({
          amount: '10.50',
          customerId: f.customerId,
          currency: f.withdrawalCurrency,
          pixKey: f.pixKey,
        }),
      ),
  },
  'deposits.create': {
    path: '/deposit',
    list: () => service.mock.deposits.list().filter((t) => t._id !== f.depositId),
    call: (client: ReturnType<typeof makeClient>) =>
      client.deposits.create(
        buildDeposit({ amount: '25.00', customerId: f.customerId, currency: f.depositCurrency }),
      ),
  },
};

describe.each(Object.entries(calls))('%s', (_name, { path, list, call }) => {
  it('processed, answer lost (500), then 401 twice: the call ends "maybe", not UnauthorizedError', async () => {
    service.mock.faults.inject({ method: 'POST', path, status: 500, phase: 'after' });
    service.mock.faults.inject({ method: 'POST', path, status: 401, times: 2 });
    const logger = recordingLogger();
    const error = await rejectionOf(call(makeClient({ logger })));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ outcome: 'unknown' });
    expect(list()).toHaveLength(1);
    // What ended the call is not lost: it is logged.
    expect(
      logger.lines.find(
        (line) =>
          line.level === 'warn' &&
          (line.fields as { event?: string }).event === 'outcome-uncertain',
      )?.fields,
    ).toMatchObject({ path, reason: 'UnauthorizedError 401' });
  });

  it('processed, answer lost (reset), then the login fails for good: "maybe", not PaymentLoginError', async () => {
    const client = makeClient();
    await client.getToken();
    service.mock.faults.inject({ method: 'POST', path, networkError: true, phase: 'after' });
    // The next attempt finds its token refused, and every login after that fails.
    service.mock.faults.inject({ method: 'POST', path, status: 401 });
    service.mock.faults.inject({
      method: 'POST',
      path: '/auth/token',
      status: 503,
      times: Number.POSITIVE_INFINITY,
    });
    const error = await rejectionOf(call(client));
    expect(error).toBeInstanceOf(PaymentConnectionError);
    expect(error).toMatchObject({ outcome: 'unknown' });
    expect(list()).toHaveLength(1);
  });

  it('processed, answer lost (500), then the token refused and the tokenStore fails: "maybe", not the store\'s error', async () => {
    class FailingDelete extends InMemoryTokenStore {
      override delete(): Promise<void> {
        return Promise.reject(new Error('store down'));
      }
    }
    const client = makeClient({ tokenStore: new FailingDelete() });
    await client.getToken();
    service.mock.faults.inject({ method: 'POST', path, status: 500, phase: 'after' });
    service.mock.faults.inject({ method: 'POST', path, status: 401 });
    const error = await rejectionOf(call(client));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ outcome: 'unknown' });
    expect(list()).toHaveLength(1);
  });

  it('nothing sent at all: a failed login is still a PaymentLoginError', async () => {
    service.mock.faults.inject({
      method: 'POST',
      path: '/auth/token',
      status: 503,
      times: Number.POSITIVE_INFINITY,
    });
    const error = await rejectionOf(call(makeClient()));
    expect(error).toMatchObject({ name: 'PaymentLoginError', outcome: 'not-sent' });
    expect(list()).toHaveLength(0);
  });
});
