// A stored token belongs to the account (e-mail) and the base URL whose login obtained it. Clients
// of other accounts or other environments given the same store never send it; they log in for
// themselves and keep working, each with its own token.
import { setupServer } from 'msw/node';
import {
  type CachedToken,
  InMemoryTokenStore,
  PaymentClient,
  type TokenStore,
} from 'pix-payment-sdk';
import {
  createPaymentServiceMock,
  type RunningMockServer,
  startMockServer,
} from 'pix-payment-sdk/mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsServer, accountsServer } from '../support/accounts-server.js';
import { recordingLogger } from '../support/client-setup.js';

const SHOP_A = 'finance@shop-a.example';
const SHOP_B = 'finance@shop-b.example';
const ACCOUNTS: Readonly<Record<string, string>> = {
  [SHOP_A]: 'pass-of-shop-a',
  [SHOP_B]: 'pass-of-shop-b',
};
let service: AccountsServer;

beforeAll(async () => {
  service = await accountsServer(ACCOUNTS);
});
afterAll(() => service.close());
afterEach(() => {
  service.logins.length = 0;
  service.uses.length = 0;
});

/** A store with one slot that ignores which account asks: the simplest store a user may write. */
function singleSlotStore(): TokenStore & { slot: CachedToken | undefined } {
  return {
    slot: undefined,
    async get() {
      return this.slot;
    },
    async set(token) {
      this.slot = token;
    },
    async delete(token) {
      if (token === undefined || this.slot?.token === token) this.slot = undefined;
    },
  };
}

const shopOf = (email: string) => (email === SHOP_A ? 'a' : 'b');

function clientOf(email: string, tokenStore: TokenStore, baseUrl = service.url): PaymentClient {
  return new PaymentClient({
    baseUrl,
    email,
    password: ACCOUNTS[email]!,
    tokenStore,
    maxRetries: 0,
  });
}

/** One call of `client`, marked with its shop so the service can tell who sent it. */
const call = (client: PaymentClient, email: string) =>
  client.withdrawals.listCurrencies({ headers: { 'x-shop': shopOf(email) } });

/** Every call ran as the account of the client that made it, and none was refused. */
function expectOwnTokensOnly(): void {
  expect(service.uses.length).toBeGreaterThan(0);
  for (const use of service.uses) {
    expect(use.account, `a call of shop ${use.shop}`).toBe(use.shop === 'a' ? SHOP_A : SHOP_B);
  }
}

describe('one store shared by two accounts of one service', () => {
  const stores: Array<[string, () => TokenStore]> = [
    ['InMemoryTokenStore', () => new InMemoryTokenStore()],
    ['a single-slot store of the user', singleSlotStore],
  ];

  it.each(stores)('%s: a client of shop B never sends the token shop A stored', async (_, make) => {
    const store = make();
    await call(clientOf(SHOP_A, store), SHOP_A);
    await call(clientOf(SHOP_B, store), SHOP_B);
    // New clients (a restart, another worker) read the store first.
    await call(clientOf(SHOP_A, store), SHOP_A);
    await call(clientOf(SHOP_B, store), SHOP_B);
    expectOwnTokensOnly();
  });

  it.each(stores)(
    '%s: fresh clients of both shops at once each run as their own account',
    async (_, make) => {
      const store = make();
      // Shop A's token is in the store before the others start.
      await call(clientOf(SHOP_A, store), SHOP_A);
      const clients = Array.from({ length: 20 }, (_, index) => {
        const email = index % 2 === 0 ? SHOP_A : SHOP_B;
        return { email, client: clientOf(email, store) };
      });
      await Promise.all(clients.map(({ client, email }) => call(client, email)));
      await Promise.all(clients.map(({ client, email }) => call(client, email)));
      expectOwnTokensOnly();
      expect(service.uses).toHaveLength(41);
    },
  );

  it('InMemoryTokenStore keeps one token per account: each account logs in once, both keep theirs', async () => {
    const store = new InMemoryTokenStore();
    for (let round = 0; round < 3; round++) {
      await call(clientOf(SHOP_A, store), SHOP_A);
      await call(clientOf(SHOP_B, store), SHOP_B);
    }
    expectOwnTokensOnly();
    expect(service.logins.sort()).toEqual([SHOP_A, SHOP_B]);
  });

  it('getToken: never hands out the token another account stored', async () => {
    const store = singleSlotStore();
    const tokenOfA = await clientOf(SHOP_A, store).getToken();
    const tokenOfB = await clientOf(SHOP_B, store).getToken();
    expect(tokenOfB).not.toBe(tokenOfA);
    expect(service.logins).toEqual([SHOP_A, SHOP_B]);
  });

  it('what is stored beside the token names no e-mail and no password', async () => {
    const store = singleSlotStore();
    await call(clientOf(SHOP_A, store), SHOP_A);
    const stored = JSON.stringify(store.slot);
    expect(stored).not.toContain(SHOP_A);
    expect(stored).not.toContain('shop-a');
    expect(stored).not.toContain(ACCOUNTS[SHOP_A]);
    expect(store.slot?.account).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a token a store returns without the account it belongs to is not sent, and the client says so once', async () => {
    const foreign = singleSlotStore();
    // As written by another program, or by a version of this package that did not bind tokens.
    const tokenOfA = await clientOf(SHOP_A, new InMemoryTokenStore()).getToken();
    await foreign.set({ token: tokenOfA });
    service.logins.length = 0;
    const logger = recordingLogger();
    const client = new PaymentClient({
      baseUrl: service.url,
      email: SHOP_B,
      password: ACCOUNTS[SHOP_B]!,
      tokenStore: foreign,
      logger,
    });
    await call(client, SHOP_B);
    expectOwnTokensOnly();
    expect(service.logins).toEqual([SHOP_B]);
    const warnings = logger.lines.filter((line) => line.level === 'warn');
    expect(warnings).toMatchObject([{ fields: { event: 'token-foreign' } }]);
    expect(logger.text()).not.toContain(tokenOfA);
  });
});

describe('mock services on several base URLs, one store', () => {
  const email = 'finance@merchant.example';
  const password = 'same-password-in-both';
  const sandbox = createPaymentServiceMock({
    baseUrl: 'https://sandbox.pix.test',
    credentials: { email, password },
  });
  const production = createPaymentServiceMock({
    baseUrl: 'https://api.pix.test/v1',
    credentials: { email, password },
  });
  // Two accounts of their own, with their own credentials.
  const shopA = createPaymentServiceMock({
    baseUrl: 'https://shop-a.pix.test',
    credentials: { email: SHOP_A, password: ACCOUNTS[SHOP_A]! },
  });
  const shopB = createPaymentServiceMock({
    baseUrl: 'https://shop-b.pix.test',
    credentials: { email: SHOP_B, password: ACCOUNTS[SHOP_B]! },
  });
  const mocks = [sandbox, production, shopA, shopB];
  const server = setupServer(...mocks.flatMap((mock) => mock.handlers));
  // What each service issued, and the bearer token of every other request it received.
  const issued = new Map<string, string>();
  const sent: Array<{ origin: string; token: string }> = [];
  const environmentOf = (url: string) =>
    mocks.find((mock) => url.startsWith(`${mock.baseUrl}/`))?.baseUrl ?? url;
  server.events.on('request:start', ({ request }) => {
    const bearer = request.headers.get('authorization')?.replace(/^Bearer /, '');
    if (bearer !== undefined) sent.push({ origin: environmentOf(request.url), token: bearer });
  });
  server.events.on('response:mocked', async ({ request, response }) => {
    if (!request.url.endsWith('/auth/token') || !response.ok) return;
    const { token } = (await response.clone().json()) as { token: string };
    issued.set(token, environmentOf(request.url));
  });

  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());
  afterEach(() => {
    sent.length = 0;
  });

  /** Every request carried a token the service it reached had issued, and none was refused. */
  function expectEachServiceSawOnlyItsOwnTokens(): void {
    for (const { origin, token } of sent) expect(issued.get(token)).toBe(origin);
    for (const mock of mocks) {
      expect(mock.requests.filter((entry) => entry.status === 401)).toEqual([]);
    }
  }

  it("sandbox and production clients sharing a store each send only their own environment's token", async () => {
    const store = new InMemoryTokenStore();
    const make = (baseUrl: string) =>
      new PaymentClient({ baseUrl, email, password, tokenStore: store, maxRetries: 0 });
    for (let round = 0; round < 2; round++) {
      await make(sandbox.baseUrl).withdrawals.listCurrencies();
      await make(production.baseUrl).withdrawals.listCurrencies();
    }
    expect(sent.length).toBe(4);
    expectEachServiceSawOnlyItsOwnTokens();
    for (const mock of [sandbox, production]) {
      expect(mock.requests.filter((entry) => entry.path === '/auth/token')).toHaveLength(1);
    }
  });

  it('two accounts, each on its own mock service, sharing a store of one slot: each sends only its own token', async () => {
    const store = singleSlotStore();
    const make = (mock: typeof shopA) =>
      new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials, tokenStore: store });
    for (let round = 0; round < 3; round++) {
      await Promise.all([shopA, shopB].map((mock) => make(mock).withdrawals.listCurrencies()));
    }
    expect(sent.length).toBe(6);
    expectEachServiceSawOnlyItsOwnTokens();
  });
});

describe('a main account and its sub-account on one mock service (one base URL), one store', () => {
  let running: RunningMockServer;
  beforeAll(async () => {
    running = await startMockServer({ port: 0 });
  });
  afterAll(() => running.close());

  it.each([
    ['InMemoryTokenStore', () => new InMemoryTokenStore()],
    ['a single-slot store of the user', singleSlotStore],
  ] as const)(
    "%s: what the sub-account's client does lands on the sub-account, never on the main one",
    async (_, make) => {
      running.mock.reset();
      const sub = running.mock.company.createSubAccount();
      const tokenStore: TokenStore = make();
      const main = new PaymentClient({
        baseUrl: running.url,
        ...running.mock.credentials,
        tokenStore,
      });
      await main.withdrawals.listCurrencies(); // the main account's token is in the store
      const mainCustomers = running.mock.customers.list().length;
      const subClient = new PaymentClient({ baseUrl: running.url, ...sub.credentials, tokenStore });
      await subClient.customers.create({ name: 'Cliente da Loja B', document: '52998224725' });
      expect(running.mock.account(sub._id).customers.list()).toHaveLength(1);
      expect(running.mock.customers.list()).toHaveLength(mainCustomers);
      // And the main account's client, started later, still runs as the main account.
      await new PaymentClient({
        baseUrl: running.url,
        ...running.mock.credentials,
        tokenStore,
      }).customers.create({ name: 'Cliente da Loja A', document: '12345678909' });
      expect(running.mock.customers.list()).toHaveLength(mainCustomers + 1);
      expect(running.mock.account(sub._id).customers.list()).toHaveLength(1);
    },
  );
});
