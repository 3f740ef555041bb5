import { NotFoundError, PaymentValidationError, VERSION } from 'pix-payment-sdk';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BASE_URL, useMockService } from '../../support/client-mock-service.js';
import { makeClient, rejectionOf } from '../../support/client-setup.js';

const service = useMockService();

let CUSTOMER_ID: string;
beforeEach(() => {
  CUSTOMER_ID = service.mock.customers.seeded._id;
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

describe('input validation', () => {
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

describe('reading an answer', () => {
  it('a compressed answer is read to its end, past the length it declares', async () => {
    // A compressed answer declares its compressed length, and the client sees the decoded bytes:
    // here the first decoded chunk alone is that long, and the rest must still be read.
    const client = makeClient({
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (!(input instanceof Request) || !input.url.endsWith('/currencies')) return response;
        const bytes = new Uint8Array(await response.arrayBuffer());
        const cut = Math.floor(bytes.byteLength / 2);
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes.slice(0, cut));
            controller.enqueue(bytes.slice(cut));
            controller.close();
          },
        });
        return new Response(body, {
          status: response.status,
          headers: {
            'content-type': 'application/json',
            'content-encoding': 'gzip',
            'content-length': String(cut),
          },
        });
      },
    });
    const expected = await service.api('GET', '/withdraw/company/currencies');
    await expect(client.withdrawals.listCurrencies()).resolves.toEqual(expected);
  });
});
