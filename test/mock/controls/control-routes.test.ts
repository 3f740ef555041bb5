// The control routes as a table over the in-process controls, over a real server on 127.0.0.1:
// the same refusal in process and over HTTP, the reason in X-Mock-Reason on every error, and the
// deny and allow of an operation as one request each.
import {
  connectMockServer,
  createPaymentServiceMock,
  type RunningMockServer,
  startMockServer,
} from 'pix-payment-sdk/mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlRoutes } from '../../../mock/controls/http-routes.js';

let running: RunningMockServer;

beforeEach(async () => {
  running = await startMockServer({ port: 0, seed: 28 });
});
afterEach(() => running.close());

/** A control request as a test in another language would send it. */
async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${running.url}/__mock${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    reason: response.headers.get('x-mock-reason'),
    exposed: response.headers.get('access-control-expose-headers'),
    body: (await response.json()) as { message?: string; detail?: string; code?: string },
  };
}

/** What a control threw, as the route's detail would say it. */
function thrown(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the control did not throw');
}

describe('the control routes call the in-process controls', () => {
  it('a refused argument says the same over HTTP as in process (the message exists once)', async () => {
    const mock = createPaymentServiceMock({ seed: 28 });
    const sub = running.mock.company.createSubAccount();
    const cases: Array<[string, string, unknown, () => unknown]> = [
      ['PUT', '/auth/allowed-ips', { ips: '127.0.0.1' }, () => mock.auth.allowIps('x' as never)],
      ['PUT', '/balance-ips', { ips: [1] }, () => mock.company.allowBalanceIps([1] as never)],
      [
        'PUT',
        '/withdrawal-ips',
        { ips: null },
        () => mock.company.allowWithdrawalIps(null as never),
      ],
      ['PUT', '/partner', { partner: 'yes' }, () => mock.company.setPartner('yes' as never)],
      [
        `PUT`,
        `/partner?account=${sub._id}`,
        { partner: true },
        () => mock.account(mock.company.createSubAccount()._id).company.setPartner(true),
      ],
      ['PUT', '/auth/caller-ip', { ip: '' }, () => mock.auth.setCallerIp('')],
      ['POST', '/clock/advance', { ms: -1 }, () => mock.clock.advance(-1)],
      ['PUT', '/clock', { now: 'soon' }, () => mock.clock.set('soon')],
      ['PUT', '/webhooks/url', { url: 5 }, () => mock.webhooks.setUrl(5 as never)],
      [
        'PUT',
        '/balances',
        { EUR: '1.00' },
        () => mock.company.setBalance({ EUR: '1.00' } as never),
      ],
      ['PUT', '/crypto/spread', { spread: '2' }, () => mock.crypto.setSpread('2')],
      [
        'POST',
        '/faults',
        { path: '/x', status: 99 },
        () => mock.faults.inject({ path: '/x', status: 99 }),
      ],
      [
        'PUT',
        '/auth/denied-actions/bogus',
        undefined,
        () => mock.auth.denyAction('bogus' as never),
      ],
    ];
    for (const [method, path, body, inProcess] of cases) {
      const answer = await control(method, path, body);
      expect([path, answer.status]).toEqual([path, 400]);
      expect(answer.body).toEqual({ message: 'Bad Request', detail: thrown(inProcess) });
      expect(answer.reason).toBe(answer.body.detail?.slice(0, 300));
    }
    // Nothing of it was applied.
    expect(running.mock.auth.allowedIps).toEqual(mock.auth.allowedIps);
    expect(running.mock.company.partner).toBe(mock.company.partner);
    expect(running.mock.webhooks.url).toBeNull();
    expect(running.mock.company.balances()).toEqual(mock.company.balances());
  });

  it('every error of a control route carries its reason in X-Mock-Reason, exposed to pages', async () => {
    const refusals: Array<[string, string, unknown, number]> = [
      ['GET', '/nope', undefined, 404],
      ['GET', '/state?account=0123456789abcdef01234567', undefined, 404],
      ['POST', '/withdrawals/0123456789abcdef01234567/settle', { status: 'PAID' }, 404],
      ['POST', '/deposits/0123456789abcdef01234567/pay', undefined, 404],
      ['POST', '/deposits/pay', {}, 400],
      ['POST', '/deposits/0123456789abcdef01234567/dispute', { outcome: 'EXPIRED_DISPUTE' }, 404],
      ['DELETE', '/faults/f999', undefined, 404],
      ['POST', '/crypto/receive', { customerId: 'nobody', amount: '1', network: 'TRC20' }, 404],
      ['PUT', '/crypto/rates', { USDT: '0' }, 400],
      ['POST', '/customers', { document: '1' }, 400],
      ['POST', '/customers', { nmae: 'Ana Souza' }, 400],
      ['POST', '/customers', 'Ana Souza', 400],
      [
        'POST',
        '/withdrawals/0123456789abcdef01234567/settle',
        { status: 'PAID', identifiedDocumentPx: true },
        400,
      ],
      ['POST', '/faults', { path: '/auth/token', statsu: 503 }, 400],
      ['POST', '/subaccounts', { email: 'not an e-mail' }, 400],
      ['POST', '/subaccounts', 'loja', 400],
      ['POST', '/subaccounts', { emial: 'loja@example.com' }, 400],
      ['PUT', '/auth/denied-actions', { actions: 'all' }, 400],
      ['PUT', '/balance-ips', [], 400],
    ];
    for (const [method, path, body, status] of refusals) {
      const answer = await control(method, path, body);
      expect([method, path, answer.status]).toEqual([method, path, status]);
      expect(answer.body.detail).toEqual(expect.any(String));
      expect(answer.reason).toBe(answer.body.detail?.slice(0, 300));
      expect(answer.exposed).toBe('x-mock-reason');
    }
    // A body that is no JSON at all.
    const malformed = await fetch(`${running.url}/__mock/partner`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"partner":',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('x-mock-reason')).toBe('body is not valid JSON');
  });

  it('each route places every argument of its control, and each `:name` of its path is one', () => {
    for (const route of controlRoutes) {
      const named = route.args.flatMap((place) => ('path' in place ? [`:${place.path}`] : []));
      expect([route.path, route.args.length]).toEqual([route.path, route.run.length - 1]);
      expect([route.path, named]).toEqual([route.path, route.path.match(/:\w+/g) ?? []]);
    }
  });

  it('each route of the table is served at its method and path', async () => {
    const paths = controlRoutes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of controlRoutes.filter((each) => each.method === 'GET')) {
      const path = route.path.replace(/:\w+/g, running.mock.customers.seeded._id);
      const response = await fetch(`${running.url}${path}`);
      expect([path, response.status]).toEqual([path, 200]);
    }
  });
});

describe('denying and allowing an operation over the remote', () => {
  it('two denials at once both count, and so do two allowances', async () => {
    const remote = await connectMockServer(running.url);
    const names = ['pixKeys.add', 'pixKeys.list', 'withdrawals.create', 'deposits.create'] as const;
    await Promise.all(names.map((name) => remote.auth.denyAction(name)));
    expect([...(await stateOf()).deniedActions].sort()).toEqual([...names].sort());
    await Promise.all(names.slice(0, 2).map((name) => remote.auth.allowAction(name)));
    expect([...(await stateOf()).deniedActions].sort()).toEqual([
      'deposits.create',
      'withdrawals.create',
    ]);
  });

  it("a sub-account's denials at once both count, and leave the main account's alone", async () => {
    const remote = await connectMockServer(running.url);
    const { _id } = await remote.company.createSubAccount();
    const sub = await remote.account(_id);
    await Promise.all([sub.auth.denyAction('pixKeys.add'), sub.auth.denyAction('pixKeys.remove')]);
    expect([...(await stateOf(_id)).deniedActions].sort()).toEqual([
      'pixKeys.add',
      'pixKeys.remove',
    ]);
    expect((await stateOf()).deniedActions).toEqual([]);
  });

  it('PUT and DELETE /__mock/auth/denied-actions/{id} deny and allow one operation, an old name as its id', async () => {
    expect((await control('PUT', '/auth/denied-actions/listPixKeys')).body).toEqual({
      actions: ['pixKeys.list'],
    });
    expect((await control('PUT', '/auth/denied-actions/pixKeys.add')).body).toEqual({
      actions: ['pixKeys.list', 'pixKeys.add'],
    });
    expect((await control('DELETE', '/auth/denied-actions/pixKeys.list')).body).toEqual({
      actions: ['pixKeys.add'],
    });
    const refused = await control('DELETE', '/auth/denied-actions/auth.getToken');
    expect(refused.status).toBe(400);
    expect(refused.reason).toMatch(/needs no token/);
    expect((await stateOf()).deniedActions).toEqual(['pixKeys.add']);
  });
});

async function stateOf(account?: string): Promise<{ deniedActions: string[] }> {
  const query = account === undefined ? '' : `?account=${account}`;
  return (await (await fetch(`${running.url}/__mock/state${query}`)).json()) as {
    deniedActions: string[];
  };
}
