// An answer built to be expensive (a million elements that each break the schema, JSON nested
// 100,000 deep) costs the client bounded work: a typed error with a short message and a few
// issues, and an error status that stays retried.
import { BadRequestError, PaymentClient, PaymentResponseError } from 'pix-payment-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../support/client-setup.js';
import { fakeJwt, type Handler, type Loopback, listen, withLogin } from '../support/loopback.js';

const MAX_ISSUES = 20;
const MAX_MESSAGE = 4 * 1024;

let behaviour: Handler;
let server: Loopback;

beforeAll(async () => {
  server = await listen(withLogin(fakeJwt(), (request, response) => behaviour(request, response)));
});
afterAll(() => server.close());

const makeClient = () =>
  new PaymentClient({
    baseUrl: server.url,
    email: 'bounds@example.com',
    password: 'bounds-password',
    retryBackoff: { initialDelayMs: 1, maxDelayMs: 2 },
  });

const answer =
  (status: number, body: string): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body);
  };

/** `[{},{},…]` of about `bytes` bytes: every element lacks every field a currency needs. */
const emptyObjects = (bytes: number) =>
  `[${Array(Math.floor(bytes / 3))
    .fill('{}')
    .join(',')}]`;

/** JSON nested `depth` arrays deep inside an object. */
const deep = (depth: number) =>
  `{"message":"deep","nested":${'['.repeat(depth)}${']'.repeat(depth)}}`;

/** Every way a user may show the error, none of which may throw. */
const shown = (error: unknown) => [String(error), JSON.stringify(error)].join('\n');

describe('an answer that breaks the schema a million times', () => {
  it.each([
    ['64 KiB', 64 * 1024],
    ['1 MiB', 1024 * 1024],
  ])(
    '%s of [{},{},…]: a PaymentResponseError with at most 20 issues, a short message, and a note of the rest',
    async (_, bytes) => {
      behaviour = answer(200, emptyObjects(bytes));
      const error = await rejectionOf(makeClient().withdrawals.listCurrencies());
      expect(error).toBeInstanceOf(PaymentResponseError);
      const { issues, message } = error as PaymentResponseError;
      expect(issues.length).toBeGreaterThan(1);
      expect(issues.length).toBeLessThanOrEqual(MAX_ISSUES + 1);
      expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE);
      // The first issue still says what is wrong, where; the last says that more were left out.
      expect(issues[0]).toMatchObject({ path: [0, '_id'], message: 'is required (string)' });
      expect(issues.at(-1)?.message).toMatch(/more/);
      expect(message).toMatch(/more/);
    },
  );

  it('an answer with a few faults still lists each of them', async () => {
    behaviour = answer(200, JSON.stringify([{ name: 'Real', symbol: 'BRL' }]));
    const error = await rejectionOf(makeClient().withdrawals.listCurrencies());
    const paths = (error as PaymentResponseError).issues.map((issue) => issue.path.join('.'));
    expect(paths).toContain('0._id');
    expect(paths.length).toBeGreaterThan(1);
    expect(paths.join()).not.toMatch(/more/);
  });
});

describe('an error answer with a huge message', () => {
  it('a 400 whose message is 1 MiB: the error message stays short, serviceMessage keeps it whole', async () => {
    const huge = 'x'.repeat(1024 * 1024);
    behaviour = answer(400, JSON.stringify({ message: huge }));
    const error = await rejectionOf(makeClient().withdrawals.listCurrencies());
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as Error).message.length).toBeLessThanOrEqual(MAX_MESSAGE);
    expect((error as BadRequestError).serviceMessage).toBe(huge);
  });
});

describe('an answer nested 100,000 deep', () => {
  it('a 503 with it is retried like any 503, and the next answer is used', async () => {
    let calls = 0;
    behaviour = (request, response) => {
      calls++;
      answer(calls === 1 ? 503 : 200, calls === 1 ? deep(100_000) : '[]')(request, response);
    };
    await expect(makeClient().withdrawals.listCurrencies()).resolves.toEqual([]);
    expect(calls).toBe(2);
  });

  it('a 400 with it is a BadRequestError whose body can be shown and serialised', async () => {
    behaviour = answer(400, deep(100_000));
    const error = await rejectionOf(makeClient().withdrawals.listCurrencies());
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).serviceMessage).toBe('deep');
    expect(() => shown(error)).not.toThrow();
  });

  it('a 200 with it is a PaymentResponseError whose body can be shown and serialised', async () => {
    behaviour = answer(200, `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    const error = await rejectionOf(makeClient().withdrawals.listCurrencies());
    expect(error).toBeInstanceOf(PaymentResponseError);
    expect(() => shown(error)).not.toThrow();
    expect(shown(error).length).toBeLessThan(64 * 1024);
  });
});
