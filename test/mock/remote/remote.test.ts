// connectMockServer over a real server on 127.0.0.1: each control family once, and the refusals.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  connectMockServer,
  MockServerError,
  type RemotePaymentServiceMock,
  type RunningMockServer,
  startMockServer,
} from 'pix-payment-sdk/mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startReceiver } from '../../support/mock-receiver.js';
import { createDepositOver, createWithdrawalOver } from '../../support/mock-server-withdrawal.js';

let running: RunningMockServer;
let remote: RemotePaymentServiceMock;

beforeEach(async () => {
  running = await startMockServer({ port: 0, seed: 30 });
  remote = await connectMockServer(running.url);
});
afterEach(() => running.close());

function createWithdrawal(): Promise<string> {
  return createWithdrawalOver(running);
}

describe('connectMockServer: the controls of a running server', () => {
  it('settles a withdrawal the client created, and the webhook reaches the receiver', async () => {
    const receiver = await startReceiver();
    try {
      await remote.webhooks.setUrl(receiver.url);
      expect(await remote.webhooks.url).toBe(receiver.url);
      const id = await createWithdrawal();
      expect((await remote.withdrawals.get(id))?.status).toBe('PENDING');
      const delivery = await remote.withdrawals.settle(id, 'PAID');
      expect(delivery.outcome).toBe('delivered');
      expect(running.mock.withdrawals.get(id)?.status).toBe('PAID');
      expect((await remote.withdrawals.list()).map((w) => w._id)).toEqual([id]);
      expect((await remote.webhooks.flush()).length).toBeGreaterThan(0);
      expect((await remote.webhooks.deliveries).at(-1)?.payload).toMatchObject({ status: 'PAID' });
    } finally {
      await receiver.close();
    }
  });

  it('reads the journal, the base URL, the login, customers and their Pix keys', async () => {
    await createWithdrawal();
    const journal = await remote.requests;
    expect(journal.map((entry) => entry.operation)).toContain('withdrawals.create');
    expect(await remote.baseUrl).toBe(running.mock.baseUrl);
    expect(await remote.credentials).toEqual(running.mock.credentials);
    const seeded = await remote.customers.seeded;
    expect(seeded._id).toBe(running.mock.customers.seeded._id);
    const ana = await remote.customers.create({ name: 'Ana Souza' });
    expect(await remote.customers.get(ana._id)).toEqual(running.mock.customers.get(ana._id));
    expect(await remote.pixKeys.list(seeded._id)).toEqual(running.mock.pixKeys.list(seeded._id));
    expect(await remote.pixKeys.list()).toHaveLength(1);
    expect(await remote.deposits.list()).toEqual([]);
  });

  it('injects a fault the client then meets, reads its hits, and clears it', async () => {
    const fault = await remote.faults.inject({
      method: 'GET',
      path: '/withdraw/company/currencies',
      status: 503,
      times: 2,
    });
    expect(await fault.id).toMatch(/./);
    const token = await remote.auth.issueToken();
    const answer = await fetch(`${running.url}/withdraw/company/currencies`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(503);
    expect(await fault.hits).toBe(1);
    expect(await fault.remaining).toBe(1);
    await fault.remove();
    await remote.faults.inject({ path: '/nowhere', status: 500 });
    await remote.faults.clear();
    expect(running.mock.faults).toBeDefined();
    const state = (await (await fetch(`${running.url}/__mock/faults`)).json()) as unknown[];
    expect(state).toEqual([]);
  });

  it('moves and reads the clock', async () => {
    const before = await remote.clock.now();
    await remote.clock.advance(60_000);
    expect((await remote.clock.now()).getTime()).toBeGreaterThanOrEqual(before.getTime() + 60_000);
    await remote.clock.set(new Date('2030-01-01T00:00:00.000Z'));
    expect(running.mock.clock.now().toISOString().slice(0, 10)).toBe('2030-01-01');
    expect(await remote.clock.frozen).toBe(running.mock.clock.frozen);
  });

  it('sets balances, IP lists, partner level and auth settings', async () => {
    await remote.company.setBalance({ BRL: '10.00', USDT: '2.5' });
    expect(await remote.company.balances()).toEqual(running.mock.company.balances());
    expect(running.mock.company.balances()).toContainEqual(
      expect.objectContaining({ totalAmount: 10 }),
    );
    await remote.company.allowBalanceIps(['203.0.113.7']);
    expect(await remote.company.balanceIps).toEqual(['203.0.113.7']);
    await remote.company.allowWithdrawalIps(['203.0.113.8']);
    expect(await remote.company.withdrawalIps).toEqual(['203.0.113.8']);
    await remote.company.setPartner(false);
    expect(await remote.company.partner).toBe(false);
    await remote.auth.allowIps(['127.0.0.1']);
    expect(await remote.auth.allowedIps).toEqual(['127.0.0.1']);
    await remote.auth.setCallerIp('198.51.100.1');
    expect(await remote.auth.callerIp).toBe('198.51.100.1');
    expect(running.mock.auth.callerIp).toBe('198.51.100.1');
    await remote.auth.denyAction('withdrawals.resendWebhook');
    // An old name stands for its id, as in-process.
    await remote.auth.allowAction('resendWithdrawalWebhook');
    await expect(remote.auth.denyAction('nope' as never)).rejects.toThrow(RangeError);
    await remote.auth.denyAction('company.getBalance');
    const state = (await (await fetch(`${running.url}/__mock/state`)).json()) as {
      deniedActions: string[];
    };
    expect(state.deniedActions).toEqual(['company.getBalance']);
    await remote.auth.expireTokens();
  });

  it('addresses a sub-account by id, and refuses an id no account has', async () => {
    const sub = await remote.company.createSubAccount({ balance: { BRL: '5.00' } });
    expect((await remote.company.subAccounts).map((s) => s._id)).toEqual([sub._id]);
    const account = await remote.account(sub._id);
    expect(await account.id).toBe(sub._id);
    expect(await account.isSubAccount).toBe(true);
    expect(await account.credentials).toEqual(sub.credentials);
    await account.company.setBalance({ BRL: '7.00' });
    expect(await account.company.balances()).toEqual(
      running.mock.account(sub._id).company.balances(),
    );
    const customer = await account.customers.create();
    expect(running.mock.account(sub._id).customers.get(customer._id)).toBeDefined();
    expect(running.mock.customers.get(customer._id)).toBeUndefined();
    await account.webhooks.setUrl('http://127.0.0.1:9/sub-hooks');
    expect(running.mock.account(sub._id).webhooks.url).toBe('http://127.0.0.1:9/sub-hooks');
    expect(await account.webhooks.deliveries).toEqual([]);
    expect(await account.auth.issueToken()).toMatch(/\./);
    expect(await (await remote.account()).isSubAccount).toBe(false);
    const unknown = await remote.account('0000000000000000000000ff').catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(MockServerError);
    expect(unknown).toMatchObject({ code: 'refused', status: 404 });
    expect(String((unknown as Error).message)).toMatch(/no account with id/);
  });

  it('pays a deposit by its Pix code, then disputes it to REFUND_APPROVED', async () => {
    const { id, code } = await createDepositOver(running);
    const paid = (await remote.deposits.pay(code)) as { deposit: { status: string } };
    expect(paid.deposit.status).toBe('PAID');
    const disputed = (await remote.deposits.dispute(id, { outcome: 'REFUND_APPROVED' })) as {
      deposit: { status: string };
    };
    expect(disputed.deposit.status).toBe('REFUND_APPROVED');
    expect(running.mock.deposits.get(id)?.status).toBe('REFUND_APPROVED');
    // Another account's controls cannot pay it: the code names the account it belongs to.
    const sub = await remote.company.createSubAccount();
    await expect((await remote.account(sub._id)).deposits.pay(code)).rejects.toMatchObject({
      code: 'refused',
      status: 404,
    });
  });

  it("sets the crypto rate, spread and gas fee, and sends USDT to a customer's wallet", async () => {
    await remote.crypto.setRates({ USDT: '5.40' });
    await remote.crypto.setSpread('0.01');
    await remote.crypto.setGasFee('0.5');
    const customerId = running.mock.customers.seeded._id;
    const received = await remote.crypto.receive(customerId, { amount: '10', network: 'BEP-20' });
    expect(received).toMatchObject({ customerId, status: 'PAID', cryptoAmount: 10 });
    expect(running.mock.deposits.get(received._id)?.status).toBe('PAID');
    await expect(remote.crypto.setRates({ USDT: 'cheap' })).rejects.toMatchObject({
      code: 'refused',
      status: 400,
    });
    await expect(
      remote.crypto.receive(customerId, { amount: '1', network: 'Bitcoin' }),
    ).rejects.toMatchObject({ code: 'refused', status: 404 });
  });

  it('resets the server', async () => {
    await remote.customers.create();
    await remote.reset();
    expect(running.mock.customers.list()).toHaveLength(1);
  });

  it('an unknown id and a status that does not exist are refused with what the server says', async () => {
    const noId = await remote.withdrawals.settle('nope', 'PAID').catch((e: unknown) => e);
    expect(noId).toMatchObject({ code: 'refused', status: 404 });
    expect((noId as Error).message).toMatch(/no withdrawal with id "nope"/);
    const id = await createWithdrawal();
    const noStatus = await remote.withdrawals.settle(id, 'DONE').catch((e: unknown) => e);
    expect(noStatus).toMatchObject({ code: 'refused', status: 400 });
    expect((noStatus as Error).message).toMatch(/status must be one of .*PAID/);
    expect(running.mock.withdrawals.get(id)?.status).toBe('PENDING');
  });

  it('an argument that is not the object a control takes, or has a field it does not, is refused as in process', async () => {
    const refusals = [
      remote.customers.create(null as never),
      remote.customers.create('Ana' as never),
      remote.customers.create({ nmae: 'Ana' } as never),
      remote.company.createSubAccount(null as never),
      remote.crypto.receive(running.mock.customers.seeded._id, null as never),
      remote.crypto.receive(running.mock.customers.seeded._id, {
        amount: '1',
        netwrok: 'BEP-20',
      } as never),
      remote.faults.inject(null as never),
    ].map((call) => call.catch((e: unknown) => e));
    for (const refused of await Promise.all(refusals)) {
      expect(refused).toMatchObject({ code: 'refused', status: 400 });
    }
    expect((await refusals[2]) as Error).toHaveProperty(
      'message',
      expect.stringContaining(
        'customers.create: a customer has no field "nmae" (it takes name, document, email, phone)',
      ),
    );
    expect((await refusals[5]) as Error).toHaveProperty(
      'message',
      expect.stringContaining('crypto.receive: a transfer has no field "netwrok"'),
    );
    expect(running.mock.customers.list()).toHaveLength(1);
    expect(running.mock.company.subAccounts).toEqual([]);
    expect(running.mock.deposits.list()).toEqual([]);
    // Omitted, the input takes every default, as in process.
    expect((await remote.customers.create()).name).toBe('Cliente 2');
  });
});

describe('connectMockServer: what is not a running mock server', () => {
  it('refuses a URL where something else answers, naming host and port', async () => {
    const other = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"hello":"world"}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as AddressInfo;
    try {
      const error = await connectMockServer(`http://127.0.0.1:${port}`).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MockServerError);
      expect(error).toMatchObject({ code: 'not-a-mock-server', address: `127.0.0.1:${port}` });
      expect((error as Error).message).toContain(`127.0.0.1:${port} is not a pix-payment-mock`);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('a stopped server: unreachable, saying to start it', async () => {
    const stopped = await startMockServer({ port: 0 });
    const url = stopped.url;
    await stopped.close();
    const error = await connectMockServer(url).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unreachable', address: new URL(url).host });
    expect((error as Error).message).toMatch(/npx pix-payment-mock/);
    // A remote whose server stops afterwards says the same at its next call.
    const later = await startMockServer({ port: 0 });
    const connected = await connectMockServer(later.url);
    await later.close();
    await expect(connected.clock.now()).rejects.toMatchObject({ code: 'unreachable' });
  });

  it('refuses a URL with a password in it, and one that is not http(s)', async () => {
    await expect(connectMockServer('http://u:p@127.0.0.1:4010')).rejects.toThrow(TypeError);
    await expect(connectMockServer('ftp://127.0.0.1:4010')).rejects.toThrow(TypeError);
  });
});

describe('connectMockServer: a hostile or broken server', () => {
  async function listen(handler: Parameters<typeof createServer>[1]) {
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      close: () => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(resolve));
      },
    };
  }

  it('never follows a redirect, so the control token never reaches another address', async () => {
    const seen: Array<string | undefined> = [];
    const elsewhere = await listen((req, res) => {
      seen.push(req.headers['x-mock-control-token'] as string | undefined);
      res.end('{}');
    });
    const redirecting = await listen((_req, res) => {
      res.writeHead(307, { location: `${elsewhere.url}/__mock/state` });
      res.end();
    });
    try {
      const error = await connectMockServer(redirecting.url, { controlToken: 'not-for-you' }).catch(
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ code: 'not-a-mock-server' });
      expect((error as Error).message).toMatch(/redirect \(307\)/);
      expect(seen).toEqual([]);
    } finally {
      await redirecting.close();
      await elsewhere.close();
    }
  });

  it('gives up on a server that never answers, after timeoutMs', async () => {
    const silent = await listen(() => undefined);
    try {
      const error = await connectMockServer(silent.url, { timeoutMs: 200 }).catch(
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ code: 'unreachable' });
      expect((error as Error).message).toMatch(/did not answer GET \/__mock\/state within 200 ms/);
    } finally {
      await silent.close();
    }
  });

  it('an id of ".." stays an id: it cannot step to another control route', async () => {
    for (const id of ['..', '.', '']) {
      await expect(remote.withdrawals.settle(id, 'PAID')).rejects.toThrow(RangeError);
    }
    // Escaped once more, an escape is an id like any other: the server looks it up.
    await expect(remote.withdrawals.settle('%2e%2e', 'PAID')).rejects.toMatchObject({
      code: 'refused',
      detail: 'no withdrawal with id "%2e%2e"',
    });
    const faultError = await (await remote.faults.inject({ path: '/x', status: 500 })).remove();
    expect(faultError).toBeUndefined();
  });
});

describe('connectMockServer: the control token', () => {
  it('needs the token the server was given, and never shows it', async () => {
    const secret = 'remote-control-secret-30';
    const guarded = await startMockServer({ port: 0, controlToken: secret });
    try {
      const without = await connectMockServer(guarded.url).catch((e: unknown) => e);
      expect(without).toMatchObject({ code: 'refused', status: 401 });
      expect((without as Error).message).toMatch(/controlToken/);
      const wrong = await connectMockServer(guarded.url, { controlToken: 'wrong' }).catch(
        (e: unknown) => e,
      );
      expect(wrong).toMatchObject({ code: 'refused', status: 401 });
      const remoteWithToken = await connectMockServer(guarded.url, { controlToken: secret });
      await remoteWithToken.clock.advance(1000);
      const error = await remoteWithToken.withdrawals
        .settle('nope', 'PAID')
        .catch((e: unknown) => e);
      const { inspect } = await import('node:util');
      expect(
        `${(error as Error).message} ${inspect(error)} ${inspect(remoteWithToken)}`,
      ).not.toContain(secret);
    } finally {
      await guarded.close();
    }
  });
});
