import {
  buildDeposit,
  buildWithdrawal,
  NotFoundError,
  PaymentValidationError,
  parseWebhookPayload,
  VERSION,
} from 'pix-payment-sdk';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BASE_URL, useMockService } from '../support/client-mock-service.js';
import { makeClient, rejectionOf } from '../support/client-setup.js';

const service = useMockService();

let CUSTOMER_ID: string;
beforeEach(() => {
  CUSTOMER_ID = service.mock.customers.seeded._id;
});

describe('resources: paths, methods, bodies, answers', () => {
  it('pixKeys.add: sends the normalised key and returns { message, key }', async () => {
    const result = await makeClient().pixKeys.add(CUSTOMER_ID, {
      type: 'CPF',
      key: '123.456.789-09',
    });
    expect(result).toEqual({
      message: 'Chave Pix adicionada com sucesso',
      key: { key: '12345678909', type: 'CPF', _id: expect.any(String) },
    });
    const request = service.journal().at(-1)!;
    expect(`${request.method} ${request.path}`).toBe(`POST /pix/customer/${CUSTOMER_ID}/key`);
    expect(request.body).toEqual({ key: '12345678909', type: 'CPF' });
    expect(service.mock.pixKeys.list(CUSTOMER_ID)).toMatchObject([
      { _id: result.key._id, key: '12345678909', type: 'CPF' },
    ]);
  });

  it('pixKeys.add: a duplicate key is a NotFoundError with the service message', async () => {
    const client = makeClient();
    await client.pixKeys.add(CUSTOMER_ID, { type: 'EMAIL', key: 'ana@example.com' });
    const error = await rejectionOf(
      client.pixKeys.add(CUSTOMER_ID, { type: 'EMAIL', key: 'ana@example.com' }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, serviceMessage: 'Not Found', method: 'POST' });
  });

  it('pixKeys.list: returns the keys of the customer', async () => {
    const client = makeClient();
    await client.pixKeys.add(CUSTOMER_ID, { type: 'EMAIL', key: 'ana@example.com' });
    const keys = await client.pixKeys.list(CUSTOMER_ID);
    expect(keys).toEqual([{ key: 'ana@example.com', type: 'EMAIL', _id: expect.any(String) }]);
  });

  it('pixKeys.list: an unknown customer is a NotFoundError', async () => {
    await expect(makeClient().pixKeys.list('65f1c0ffee0000000000ffff')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('pixKeys.ensure: adds a key that is absent', async () => {
    const key = await makeClient().pixKeys.ensure(CUSTOMER_ID, {
      type: 'PHONE',
      key: '+55 (61) 91234-5678',
    });
    expect(key).toMatchObject({ key: '+5561912345678', type: 'PHONE' });
    expect(service.calls().map((call) => call.split(' ')[0])).toEqual(['GET', 'POST']);
  });

  it('pixKeys.ensure: returns a key that is already listed, comparing the normalised key and type, without adding', async () => {
    const client = makeClient();
    const added = await client.pixKeys.add(CUSTOMER_ID, { type: 'CPF', key: '12345678909' });
    service.markJournal();
    const key = await client.pixKeys.ensure(CUSTOMER_ID, { type: 'CPF', key: '123.456.789-09' });
    expect(key).toEqual(added.key);
    expect(service.calls()).toEqual([`GET /pix/customer/${CUSTOMER_ID}/key`]);
  });

  it('pixKeys.ensure: a masked listed key is matched after the add answers "already registered"', async () => {
    service.restart({ maskKeys: true });
    const customerId = service.mock.customers.seeded._id;
    const { key: masked } = (await service.api('POST', `/pix/customer/${customerId}/key`, {
      type: 'PHONE',
      key: '+5561912345678',
    })) as { key: { key: string; type: string; _id: string } };
    expect(masked.key).toBe('+5561*********');
    service.markJournal();
    const key = await makeClient().pixKeys.ensure(customerId, {
      type: 'PHONE',
      key: '+5561912345678',
    });
    expect(key).toEqual(masked);
    expect(service.calls().map((call) => call.split(' ')[0])).toEqual(['GET', 'POST', 'GET']);
    expect(service.journal().map((entry) => entry.status)).toEqual([200, 200, 404, 200]);
  });

  it('pixKeys.ensure: a 404 with no listed key that fits is thrown (e.g. registered to another customer)', async () => {
    service.restart({ maskKeys: true });
    const customerId = service.mock.customers.seeded._id;
    const other = service.mock.customers.create();
    await service.api('POST', `/pix/customer/${other._id}/key`, {
      type: 'PHONE',
      key: '+5561912345678',
    });
    // Two keys of this customer that look alike once masked: '+5561*********'.
    for (const key of ['+5561911111111', '+5561922222222']) {
      await service.api('POST', `/pix/customer/${customerId}/key`, { type: 'PHONE', key });
    }
    await expect(
      makeClient().pixKeys.ensure(customerId, { type: 'PHONE', key: '+5561912345678' }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(service.mock.pixKeys.list(customerId)).toHaveLength(2);
  });

  it('pixKeys.remove: DELETE /pix/customer/{id}/key/remove/{keyId} answers the message', async () => {
    const client = makeClient();
    const { key } = await client.pixKeys.add(CUSTOMER_ID, {
      type: 'EMAIL',
      key: 'ana@example.com',
    });
    await expect(client.pixKeys.remove(CUSTOMER_ID, key._id)).resolves.toEqual({
      message: 'Chave Pix removida com sucesso',
    });
    expect(service.calls().at(-1)).toBe(
      `DELETE /pix/customer/${CUSTOMER_ID}/key/remove/${key._id}`,
    );
    await expect(client.pixKeys.list(CUSTOMER_ID)).resolves.toEqual([]);
  });

  it('withdrawals.listCurrencies and deposits.listCurrencies: return their own lists', async () => {
    const withdrawalCurrencies = await service.api('GET', '/withdraw/company/currencies');
    const depositCurrencies = await service.api('GET', '/deposit/company/currencies');
    expect(withdrawalCurrencies).not.toEqual(depositCurrencies);
    const client = makeClient();
    await expect(client.withdrawals.listCurrencies()).resolves.toEqual(withdrawalCurrencies);
    await expect(client.deposits.listCurrencies()).resolves.toEqual(depositCurrencies);
  });

  it('withdrawals.create: POST /withdraw with the built body; get reads its details', async () => {
    const f = await service.arrange();
    const client = makeClient();
    const body = buildWithdrawal({
      amount: '10.50',
      customerId: f.customerId,
      currency: f.withdrawalCurrency,
      pixKey: f.pixKey,
    });
    const created = await client.withdrawals.create(body);
    const sent = JSON.parse(await service.wire.at(-1)!.body);
    expect(sent).toEqual({ ...body, externalId: created.externalId });
    const details = await client.withdrawals.get(created._id);
    expect(details).toMatchObject({
      _id: created._id,
      externalId: created.externalId,
      currency: { amount: 10.5 },
    });
    expect(service.calls().at(-1)).toBe(`GET /withdraw/${created._id}/details`);
  });

  it('withdrawals.resendWebhook and deposits.resendWebhook: POST .../resend/webhook with {}', async () => {
    const f = await service.arrange();
    const client = makeClient();
    await expect(client.withdrawals.resendWebhook(f.withdrawalId)).resolves.toEqual({
      message: 'Webhook de saque reenviado com sucesso',
    });
    expect(await service.wire.at(-1)!.body).toBe('{}');
    await expect(client.deposits.resendWebhook(f.depositId)).resolves.toEqual({
      message: 'Webhook de depósito reenviado com sucesso',
    });
    expect(service.calls()).toEqual([
      `POST /withdraw/${f.withdrawalId}/resend/webhook`,
      `POST /deposit/${f.depositId}/resend/webhook`,
    ]);
  });

  it('deposits.create and deposits.get: the deposit and its Pix code', async () => {
    const f = await service.arrange();
    const client = makeClient();
    const { data } = await client.deposits.create(
      buildDeposit({
        amount: { cents: 2500 },
        customerId: f.customerId,
        currency: f.depositCurrency,
      }),
    );
    expect(data).toMatchObject({
      status: 'WAITING_PAYMENT',
      customerId: f.customerId,
      code: expect.any(String),
    });
    expect(service.journal().at(-1)?.body).toMatchObject({ amount: 25 });
    await expect(client.deposits.get(data.id)).resolves.toMatchObject({ _id: data.id });
  });

  it('customers.create and customers.get', async () => {
    const client = makeClient();
    const { customer } = await client.customers.create({
      name: 'Ana Souza',
      document: '12345678909',
    });
    expect(customer).toMatchObject({ name: 'Ana Souza', document: '12345678909' });
    await expect(client.customers.get(customer._id)).resolves.toMatchObject({ _id: customer._id });
    expect(service.calls()).toEqual(['POST /customer', `GET /customer/${customer._id}`]);
  });
});

describe('path parameters', () => {
  it('../auth/token as a customer id stays inside its one segment', async () => {
    const error = await rejectionOf(makeClient().pixKeys.list('../auth/token'));
    expect(service.calls()).toEqual(['GET /pix/customer/..%2Fauth%2Ftoken/key']);
    // The mock read it as a customer id of the key list, not as the token route.
    expect(service.journal().at(-1)).toMatchObject({ operation: 'pixKeys.list', status: 404 });
    expect(error).toBeInstanceOf(NotFoundError);
  });

  it('reserved characters are percent-encoded', async () => {
    const error = await rejectionOf(makeClient().withdrawals.get('a b?c#d/é'));
    expect(service.calls()).toEqual(['GET /withdraw/a%20b%3Fc%23d%2F%C3%A9/details']);
    expect(error).toMatchObject({ path: '/withdraw/a%20b%3Fc%23d%2F%C3%A9/details' });
  });

  it('"." and ".." are refused (a URL would resolve them even percent-encoded) and nothing is sent', async () => {
    const client = makeClient();
    for (const id of ['.', '..']) {
      const error = await rejectionOf(client.pixKeys.list(id));
      expect(error).toBeInstanceOf(PaymentValidationError);
      expect((error as PaymentValidationError).issues[0]?.path).toEqual(['customerId']);
    }
    await expect(client.pixKeys.remove(CUSTOMER_ID, '..')).rejects.toBeInstanceOf(
      PaymentValidationError,
    );
    service.expectNothingSent();
  });

  it('an empty or blank id is a PaymentValidationError and nothing is sent', async () => {
    const client = makeClient();
    await expect(client.withdrawals.get('')).rejects.toBeInstanceOf(PaymentValidationError);
    await expect(client.deposits.resendWebhook('  ')).rejects.toBeInstanceOf(
      PaymentValidationError,
    );
    await expect(client.customers.get(undefined as unknown as string)).rejects.toBeInstanceOf(
      PaymentValidationError,
    );
    service.expectNothingSent();
  });

  it('a path prefix in baseUrl is kept, with or without a trailing slash', async () => {
    await makeClient({ baseUrl: `${BASE_URL}/` }).withdrawals.listCurrencies();
    expect(service.wire.map((request) => request.pathname)).toEqual([
      '/v1/auth/token',
      '/v1/withdraw/company/currencies',
    ]);
  });
});

describe('input validation sends nothing', () => {
  it('pixKeys.add: an invalid key is a PaymentValidationError', async () => {
    const error = await rejectionOf(
      makeClient().pixKeys.add(CUSTOMER_ID, { type: 'CPF', key: '123.456.789-00' }),
    );
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect((error as PaymentValidationError).issues[0]?.message).toMatch(/check digits/);
    service.expectNothingSent();
  });

  it('pixKeys.ensure: an invalid key is refused before the list', async () => {
    await expect(
      makeClient().pixKeys.ensure(CUSTOMER_ID, { type: 'EMAIL', key: 'Ana@Example.com' }),
    ).rejects.toBeInstanceOf(PaymentValidationError);
    service.expectNothingSent();
  });

  it('withdrawals.create: a third decimal, an incomplete currency or Pix key are refused', async () => {
    const f = await service.arrange();
    const client = makeClient();
    const good = buildWithdrawal({
      amount: '10.50',
      customerId: f.customerId,
      currency: f.withdrawalCurrency,
      pixKey: f.pixKey,
    });
    const { _id: _dropped, ...partialKey } = f.pixKey;
    const { createdDate: _gone, ...partialCurrency } = f.withdrawalCurrency;
    for (const bad of [
      { ...good, amount: 10.505 },
      { ...good, currency: partialCurrency },
      { ...good, pixKey: partialKey },
      { ...good, amount: 0 },
    ]) {
      await expect(client.withdrawals.create(bad as typeof good)).rejects.toBeInstanceOf(
        PaymentValidationError,
      );
    }
    service.expectNothingSent();
  });

  it('deposits.create: an invalid amount is refused', async () => {
    const f = await service.arrange();
    const body = buildDeposit({
      amount: '1',
      customerId: f.customerId,
      currency: f.depositCurrency,
    });
    await expect(makeClient().deposits.create({ ...body, amount: -1 })).rejects.toBeInstanceOf(
      PaymentValidationError,
    );
    service.expectNothingSent();
  });

  it('customers.create: a missing or empty name or document is refused', async () => {
    const client = makeClient();
    const error = await rejectionOf(
      client.customers.create({ name: '', document: undefined as unknown as string }),
    );
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect((error as PaymentValidationError).issues.map((issue) => issue.path)).toEqual([
      ['document'],
      ['name'],
    ]);
    service.expectNothingSent();
  });

  it('validateInput: false sends the input as given', async () => {
    const client = makeClient({ validateInput: false });
    const error = await rejectionOf(
      client.pixKeys.add(CUSTOMER_ID, { type: 'CPF', key: '123.456.789-00' }),
    );
    expect(service.journal().at(-1)?.body).toEqual({
      key: '123.456.789-00',
      type: 'CPF',
    });
    // The service itself refuses what the client let through: the check digits are wrong.
    expect(error).toBeInstanceOf(NotFoundError);
  });
});

describe('headers and fetch', () => {
  it('sends Authorization, Accept, User-Agent with the suffix, and the caller headers', async () => {
    await makeClient({
      userAgent: 'my-shop/2.3.0',
      fetch: service.fetch,
    }).withdrawals.listCurrencies({
      headers: { 'X-Correlation-Id': 'order-42', 'User-Agent': 'ignored' },
    });
    const headers = service.wire.at(-1)!.headers;
    expect(headers.get('authorization')).toBe(`Bearer ${service.issuedTokens[0]}`);
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('user-agent')).toBe(`pix-payment-sdk/${VERSION} my-shop/2.3.0`);
    expect(headers.get('x-correlation-id')).toBe('order-42');
  });

  it('an Authorization header per call is refused, not silently replaced, and nothing is sent', async () => {
    const error = await rejectionOf(
      makeClient().withdrawals.listCurrencies({ headers: { authorization: 'Bearer mine' } }),
    );
    expect(error).toBeInstanceOf(PaymentValidationError);
    service.expectNothingSent();
  });

  it('a custom fetch sends every request, the login included', async () => {
    const seen: string[] = [];
    const client = makeClient({
      fetch: (input, init) => {
        seen.push(input instanceof Request ? input.url : String(input));
        return fetch(input, init);
      },
    });
    await client.withdrawals.listCurrencies();
    expect(seen).toEqual([`${BASE_URL}/auth/token`, `${BASE_URL}/withdraw/company/currencies`]);
  });

  it('without the fetch option, globalThis.fetch is looked up at call time', async () => {
    const client = makeClient();
    const original = globalThis.fetch;
    const spy = vi.fn((input: RequestInfo | URL, init?: RequestInit) => original(input, init));
    vi.stubGlobal('fetch', spy);
    try {
      await client.withdrawals.listCurrencies();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(spy).toHaveBeenCalledTimes(2);
  });
});

describe('parseWebhookPayload', () => {
  const payload = {
    id: '65f1c0ffee00000000000a01',
    customerId: '65f1c0ffee0000000000c001',
    status: 'PAID',
    name: 'BRL',
    type: 'PIX',
    amount: 10.5,
    operation: 'WITHDRAW',
    externalId: 'order-42',
  };

  it('returns the payload typed, from an object or from text, keeping unknown fields and statuses', () => {
    expect(parseWebhookPayload(payload)).toEqual(payload);
    const novel = { ...payload, status: 'CHARGEBACK', extra: true };
    expect(parseWebhookPayload(JSON.stringify(novel))).toEqual(novel);
  });

  it('a bad payload is a PaymentValidationError naming the fields', () => {
    const { id: _id, ...missing } = payload;
    const error = (() => {
      try {
        parseWebhookPayload({ ...missing, amount: '10.50' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect((error as PaymentValidationError).issues).toEqual([
      { path: ['id'], message: 'is required (string)' },
      { path: ['amount'], message: 'expected number, received string' },
    ]);
    expect(() => parseWebhookPayload('{not json')).toThrow(PaymentValidationError);
  });
});
