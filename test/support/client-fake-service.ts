// A small, configurable fake of the payment service for the client's tests: MSW handlers over real
// fetch, with just enough state (tokens, customers, keys, withdrawals) to answer like the service.
// Tests override single routes with `server.use(...)`; every request that reaches MSW is recorded.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export const BASE_URL = 'https://api.pix.test/v1';
export const EMAIL = 'finance@merchant.example';
export const PASSWORD = 'pa55-Word-never-shown';
export const CUSTOMER_ID = '65f1c0ffee0000000000c001';

/** `https://api.pix.test/v1` + a path, for `http.get(url(...))` overrides. */
export const url = (path: string) => `${BASE_URL}${path}`;

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A JWT with the given claims and a signature nobody checks. */
export function jwt(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.c2lnbmF0dXJl`;
}

export interface RecordedRequest {
  readonly method: string;
  /** The path as sent, still percent-encoded, relative to BASE_URL's origin. */
  readonly pathname: string;
  readonly headers: Headers;
  /** The body as text; a promise because MSW hands the request over before it is read. */
  readonly body: Promise<string>;
}

export const currency = (id: string) => ({
  _id: id,
  name: 'BRL',
  type: 'PIX',
  symbol: 'R$',
  createdDate: '2024-01-01T00:00:00.000Z',
  updatedDate: '2024-01-01T00:00:00.000Z',
  __v: 0,
  supplierFeeByActivity: { servicetreeal: { type: 'FIXED', value: 0.5 } },
});

export const WITHDRAW_CURRENCY = currency('65f1c0ffee00000000000w01');
export const DEPOSIT_CURRENCY = currency('65f1c0ffee00000000000d01');

interface StoredKey {
  key: string;
  type: string;
  _id: string;
}

export interface FakeOptions {
  /** Lifetime written into `exp`; `undefined` issues tokens without `exp`. */
  tokenLifetimeSeconds: number | undefined;
}

export class FakeService {
  readonly requests: RecordedRequest[] = [];
  readonly validTokens = new Set<string>();
  readonly issuedTokens: string[] = [];
  readonly keys = new Map<string, StoredKey[]>();
  readonly withdrawals = new Map<string, { _id: string; externalId: string; amount: number }>();
  options: FakeOptions = { tokenLifetimeSeconds: 3600 };
  #counter = 0;

  get logins(): number {
    return this.requests.filter((request) => request.pathname.endsWith('/auth/token')).length;
  }

  /** Requests other than logins, as `METHOD pathname`. */
  calls(): string[] {
    return this.requests
      .filter((request) => !request.pathname.endsWith('/auth/token'))
      .map((request) => `${request.method} ${request.pathname}`);
  }

  reset(): void {
    this.requests.length = 0;
    this.validTokens.clear();
    this.issuedTokens.length = 0;
    this.withdrawals.clear();
    this.keys.clear();
    this.keys.set(CUSTOMER_ID, []);
    this.options = { tokenLifetimeSeconds: 3600 };
  }

  /** Makes every token issued so far invalid, as an expiry on the service's side would. */
  revokeTokens(): void {
    this.validTokens.clear();
  }

  nextId(): string {
    this.#counter += 1;
    return `65f1c0ffee${String(this.#counter).padStart(14, '0')}`;
  }

  issueToken(): string {
    const lifetime = this.options.tokenLifetimeSeconds;
    const claims: Record<string, unknown> = { sub: EMAIL, jti: this.nextId() };
    if (lifetime !== undefined) claims.exp = Math.floor(Date.now() / 1000) + lifetime;
    const token = jwt(claims);
    this.validTokens.add(token);
    this.issuedTokens.push(token);
    return token;
  }

  authorized(request: Request): boolean {
    const header = request.headers.get('authorization') ?? '';
    return header.startsWith('Bearer ') && this.validTokens.has(header.slice('Bearer '.length));
  }

  readonly handlers = [
    http.post(url('/auth/token'), async ({ request }) => {
      const body = (await request.json()) as { email?: string; password?: string };
      if (body.email !== EMAIL || body.password !== PASSWORD) {
        return HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
      }
      return HttpResponse.json({ token: this.issueToken() });
    }),
    http.all(`${BASE_URL}/*`, ({ request }) => {
      if (!this.authorized(request)) {
        return HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
      }
      return undefined;
    }),
    http.get(url('/pix/customer/:customerId/key'), ({ params }) => {
      const keys = this.keys.get(String(params.customerId));
      if (!keys) return HttpResponse.json({ message: 'Not Found' }, { status: 404 });
      return HttpResponse.json(keys);
    }),
    http.post(url('/pix/customer/:customerId/key'), async ({ params, request }) => {
      const keys = this.keys.get(String(params.customerId));
      const input = (await request.json()) as { key: string; type: string };
      const taken = [...this.keys.values()].flat().some((stored) => stored.key === input.key);
      if (!keys || taken) return HttpResponse.json({ message: 'Not Found' }, { status: 404 });
      const key = { key: input.key, type: input.type, _id: this.nextId() };
      keys.push(key);
      return HttpResponse.json(
        { message: 'Chave Pix adicionada com sucesso', key },
        { status: 201 },
      );
    }),
    http.delete(url('/pix/customer/:customerId/key/remove/:keyId'), ({ params }) => {
      const keys = this.keys.get(String(params.customerId));
      const index = keys?.findIndex((key) => key._id === params.keyId) ?? -1;
      if (!keys || index < 0) return HttpResponse.json({ message: 'Not Found' }, { status: 404 });
      keys.splice(index, 1);
      return HttpResponse.json({ message: 'Chave Pix removida com sucesso' }, { status: 201 });
    }),
    http.get(url('/withdraw/company/currencies'), () => HttpResponse.json([WITHDRAW_CURRENCY])),
    http.get(url('/deposit/company/currencies'), () => HttpResponse.json([DEPOSIT_CURRENCY])),
    http.post(url('/withdraw'), async ({ request }) => {
      const body = (await request.json()) as { externalId: string; amount: number };
      const existing = this.withdrawals.get(body.externalId);
      const withdrawal = existing ?? {
        _id: this.nextId(),
        externalId: body.externalId,
        amount: body.amount,
      };
      this.withdrawals.set(body.externalId, withdrawal);
      return HttpResponse.json(
        {
          message: 'Solicitação de Saque realizada com sucesso',
          status: 'PENDING',
          _id: withdrawal._id,
        },
        { status: 201 },
      );
    }),
    http.get(url('/withdraw/:id/details'), ({ params }) => {
      const found = [...this.withdrawals.values()].find((w) => w._id === params.id);
      return HttpResponse.json({
        _id: String(params.id),
        customerId: CUSTOMER_ID,
        ...(found ? { externalId: found.externalId } : {}),
        currency: { name: 'BRL', type: 'PIX', amount: found?.amount ?? 10.5, status: 'PENDING' },
      });
    }),
    http.post(url('/withdraw/:id/resend/webhook'), () =>
      HttpResponse.json({ message: 'Webhook de saque reenviado com sucesso' }),
    ),
    http.post(url('/deposit'), async ({ request }) => {
      const body = (await request.json()) as { customerId: string };
      return HttpResponse.json(
        {
          message: 'Pix Gerado com Sucesso',
          data: {
            status: 'WAITING_PAYMENT',
            code: '00020126580014br.gov.bcb.pix',
            id: this.nextId(),
            customerId: body.customerId,
          },
        },
        { status: 201 },
      );
    }),
    http.get(url('/deposit/:id/details'), ({ params }) =>
      HttpResponse.json({
        _id: String(params.id),
        customerId: CUSTOMER_ID,
        currency: { name: 'BRL', type: 'PIX', amount: 25, status: 'WAITING_PAYMENT' },
      }),
    ),
    http.post(url('/deposit/:id/resend/webhook'), () =>
      HttpResponse.json({ message: 'Webhook de depósito reenviado com sucesso' }),
    ),
    http.post(url('/customer'), async ({ request }) => {
      const body = (await request.json()) as { name: string; document: string };
      const customer = { _id: this.nextId(), name: body.name, document: body.document };
      this.keys.set(customer._id, []);
      return HttpResponse.json(
        { message: 'Novo cliente criado com sucesso', customer },
        { status: 201 },
      );
    }),
    http.get(url('/customer/:id'), ({ params }) =>
      HttpResponse.json({ _id: String(params.id), name: 'Ana Souza', document: '12345678909' }),
    ),
  ];
}

/**
 * Starts MSW with a fresh FakeService for the calling test file: listen before all tests, reset
 * state and overrides before each, close after all. Unhandled requests are errors.
 */
export function useFakeService() {
  const fake = new FakeService();
  const server = setupServer(...fake.handlers);
  server.events.on('request:start', ({ request }) => {
    fake.requests.push({
      method: request.method,
      pathname: new URL(request.url).pathname,
      headers: new Headers(request.headers),
      body: request
        .clone()
        .text()
        .catch(() => ''),
    });
  });
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => fake.reset());
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return { fake, server };
}
