// Every error says whether the service may have acted (`outcome`), and the errors guide's table says
// the same: each scenario below ends in an SDK error through MSW and the package's mock, its
// outcome is checked against what the mock's ledger shows, and the outcomes seen per class must be
// exactly those the guide's table lists for that class.
import { readFileSync } from 'node:fs';
import { bypass } from 'msw';
import {
  buildWithdrawal,
  isOutcomeUncertain,
  isPaymentError,
  type PaymentError,
  PaymentError as PaymentErrorClass,
  type PaymentOutcome,
  type TokenStore,
} from 'pix-payment-sdk';
import type { FaultSpec } from 'pix-payment-sdk/mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Fixtures, useMockService } from '../../support/client-mock-service.js';
import { loggedInClient, makeClient, rejectionOf } from '../../support/client-setup.js';
import { refusedUrl } from '../../support/mock-receiver.js';

const service = useMockService();
let f: Fixtures;
beforeEach(async () => {
  f = await service.arrange();
});

type Client = ReturnType<typeof makeClient>;
const buildWithdrawalWith = (amount: string, externalId?: string) =>
  buildWithdrawal({
    amount,
    customerId: f.customerId,
    currency: f.withdrawalCurrency,
    pixKey: f.pixKey,
    externalId,
  });
const payout = (client: Client, externalId = 'order-1') =>
  client.withdrawals.create(buildWithdrawalWith('10.50', externalId));
/** The withdrawals the test created (the arranged one left out). */
const created = () => service.mock.withdrawals.list().filter((t) => t._id !== f.withdrawalId);
const fault = (spec: FaultSpec) =>
  service.mock.faults.inject({ method: 'POST', path: '/withdraw', ...spec });

/** A payout that meets `spec` on its way, from a client made with `options`. */
const faulted =
  (spec: FaultSpec, options: Parameters<typeof makeClient>[0] = {}) =>
  () => {
    fault(spec);
    return payout(makeClient(options));
  };

interface Scenario {
  readonly name: string;
  readonly outcome: PaymentOutcome;
  /** Whether the scenario leaves a withdrawal in the ledger. */
  readonly ledger?: number;
  run(): Promise<unknown>;
}

const scenarios: Scenario[] = [
  {
    name: 'an amount refused by the builder',
    outcome: 'not-sent',
    run: async () => buildWithdrawalWith('10.505'),
  },
  {
    name: 'a payout above maxWithdrawal',
    outcome: 'not-sent',
    ledger: 0,
    run: () => payout(makeClient({ maxWithdrawal: { BRL: '10.00' } })),
  },
  {
    name: '400 to the payout',
    outcome: 'refused',
    ledger: 0,
    run: faulted({ status: 400 }),
  },
  {
    name: 'a wrong password',
    outcome: 'refused',
    ledger: 0,
    run: () => payout(makeClient({ password: 'wrong' })),
  },
  {
    name: '404 to a read',
    outcome: 'refused',
    run: () => makeClient().withdrawals.get('missing'),
  },
  {
    name: '409 to the payout',
    outcome: 'refused',
    ledger: 0,
    run: faulted({ status: 409 }),
  },
  {
    name: '429 to the payout, no retry left',
    outcome: 'refused',
    ledger: 0,
    run: faulted({ status: 429 }, { maxRetries: 0 }),
  },
  {
    name: '418 to the payout',
    outcome: 'refused',
    ledger: 0,
    run: faulted({ status: 418 }),
  },
  {
    name: '503 after the payout was processed',
    outcome: 'unknown',
    ledger: 1,
    run: faulted({ status: 503, phase: 'after' }, { maxRetries: 0 }),
  },
  {
    name: 'the connection lost after the payout was processed',
    outcome: 'unknown',
    ledger: 1,
    run: faulted({ networkError: true, phase: 'after' }, { maxRetries: 0 }),
  },
  {
    name: 'no answer in time',
    outcome: 'unknown',
    run: async () => {
      const client = await loggedInClient({ timeoutMs: 100, maxRetries: 0 });
      fault({ delayMs: 1_000 });
      return payout(client);
    },
  },
  {
    name: 'a port nothing listens on',
    outcome: 'not-sent',
    // A real socket: the request is marked for MSW to let through to the network.
    run: async () =>
      makeClient({
        baseUrl: await refusedUrl(),
        maxRetries: 0,
        fetch: (input, init) => fetch(bypass(new Request(input, init))),
      }).getToken(),
  },
  {
    name: 'every login answers 503',
    outcome: 'not-sent',
    ledger: 0,
    run: async () => {
      service.mock.faults.inject({ path: '/auth/token', status: 503, times: Infinity });
      return payout(makeClient({ maxRetries: 1 }));
    },
  },
  {
    name: 'a 201 of the wrong shape',
    outcome: 'acted',
    ledger: 1,
    run: faulted({ status: 201, body: { created: true }, phase: 'after' }),
  },
  {
    name: 'a 201 that is not JSON',
    outcome: 'unknown',
    ledger: 1,
    run: faulted({ status: 201, malformedBody: true, phase: 'after' }),
  },
  {
    name: 'a redirect to the payout',
    outcome: 'refused',
    ledger: 0,
    run: faulted({ status: 308, headers: { location: 'https://elsewhere.test/withdraw' } }),
  },
  {
    name: 'a 303 See Other to the payout, after processing',
    outcome: 'unknown',
    ledger: 1,
    run: faulted({ status: 303, headers: { location: '/withdraw/1/details' }, phase: 'after' }),
  },
  {
    name: 'a key registered to another customer',
    outcome: 'refused',
    run: async () => {
      await service.api('POST', `/pix/customer/${service.mock.customers.create()._id}/key`, {
        type: 'EMAIL',
        key: 'taken@example.com',
      });
      return makeClient().pixKeys.ensure(f.customerId, { type: 'EMAIL', key: 'taken@example.com' });
    },
  },
  {
    name: 'a tokenStore that fails',
    outcome: 'not-sent',
    ledger: 0,
    run: () => {
      const failing: TokenStore = {
        get: () => Promise.reject(new Error('store down')),
        set: () => Promise.resolve(),
        delete: () => Promise.resolve(),
      };
      return payout(makeClient({ tokenStore: failing }));
    },
  },
];

// What each scenario ended in, for the table check below.
const seen = new Map<string, Set<PaymentOutcome>>();

describe.each(scenarios)('$name', (scenario) => {
  it(`is ${scenario.outcome}`, async () => {
    const error = await rejectionOf(scenario.run());
    expect(isPaymentError(error)).toBe(true);
    const { name, outcome, message } = error as PaymentError;
    expect(outcome).toBe(scenario.outcome);
    expect(isOutcomeUncertain(error)).toBe(scenario.outcome === 'unknown');
    if (scenario.ledger !== undefined) expect(created()).toHaveLength(scenario.ledger);
    // A payout that may exist says so, and what to do.
    if (scenario.outcome === 'unknown' && scenario.ledger !== undefined) {
      expect(message).toContain('The service may have created it: repeat with the same externalId');
    }
    if (scenario.outcome === 'acted') expect(message).toMatch(/so it acted/);
    if (scenario.outcome !== 'unknown') expect(message).not.toMatch(/may have/);
    const outcomes = seen.get(name) ?? new Set();
    seen.set(name, outcomes.add(outcome));
  });
});

describe('what the message says when the outcome is unknown', () => {
  it('a read: repeating it is safe', async () => {
    service.mock.faults.inject({ method: 'GET', path: /details$/, status: 503 });
    const error = await rejectionOf(makeClient({ maxRetries: 0 }).withdrawals.get(f.withdrawalId));
    expect(error).toMatchObject({ outcome: 'unknown' });
    expect((error as Error).message).toMatch(/this call changes nothing, repeating it is safe$/);
  });

  it('a Pix key add: pixKeys.ensure finds it', async () => {
    service.mock.faults.inject({ method: 'POST', path: /key$/, status: 500, phase: 'after' });
    const error = await rejectionOf(
      makeClient().pixKeys.add(f.customerId, { type: 'EMAIL', key: 'new@example.com' }),
    );
    expect((error as Error).message).toMatch(/may have registered the key: pixKeys.ensure/);
  });

  it("the issue's own example: a 503 on every attempt names the attempts, then what to do", async () => {
    fault({ status: 503, phase: 'after', times: 3 });
    const error = await rejectionOf(payout(makeClient()));
    expect((error as Error).message).toMatch(
      /^503 Service Unavailable: POST https:\/\/api\.pix\.test\/v1\/withdraw after 3 attempts\. The service may have created it: repeat with the same externalId$/,
    );
    expect(created()).toHaveLength(1);
  });

  it('the same externalId after an unknown outcome answers the first payout', async () => {
    fault({ networkError: true, phase: 'after' });
    const error = await rejectionOf(payout(makeClient({ maxRetries: 0 }), 'order-7'));
    expect(isOutcomeUncertain(error)).toBe(true);
    const again = await payout(makeClient(), 'order-7');
    expect(created()).toEqual([expect.objectContaining({ _id: again._id })]);
  });

  it('a PaymentError made by hand is not-sent unless told otherwise', () => {
    expect(new PaymentErrorClass('x').outcome).toBe('not-sent');
    expect(new PaymentErrorClass('x', { outcome: 'unknown' }).outcome).toBe('unknown');
    expect(isOutcomeUncertain(new PaymentErrorClass('x', { outcome: 'unknown' }))).toBe(true);
    expect(isOutcomeUncertain({ outcome: 'unknown' })).toBe(false);
  });
});

describe('the errors guide', () => {
  const guide = readFileSync(
    new URL('../../../docs/errors-retries-idempotency.md', import.meta.url),
    'utf8',
  );
  const section = guide.slice(
    guide.indexOf('## The error classes'),
    guide.indexOf('## What a message says'),
  );
  const rows = section
    .split('\n')
    .filter((line) => /^\| `[A-Z]\w+`/.test(line))
    .map((line) => line.split(' | '));
  const table = new Map(
    rows.map(([first = '', , outcomes = '']) => [
      /`(\w+)`/.exec(first)?.[1] ?? '',
      new Set([...outcomes.matchAll(/`'([a-z-]+)'`/g)].map((match) => match[1])),
    ]),
  );

  it('lists for every class exactly the outcomes its errors carry', () => {
    // Every scenario ran before this test (the file runs in order), and every class was met.
    expect([...seen.keys()].sort()).toEqual([...table.keys()].sort());
    for (const [name, outcomes] of seen) {
      expect({ name, outcomes: [...(table.get(name) ?? [])].sort() }).toEqual({
        name,
        outcomes: [...outcomes].sort(),
      });
    }
  });
});
