import { inspect } from 'node:util';
import {
  type CachedToken,
  PaymentClient,
  PaymentError,
  type TokenStore,
  tokenAccount,
} from 'pix-payment-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../support/client-setup.js';
import { fakeJwt, type Loopback, listen } from '../support/loopback.js';

// A token store that fails the way a Redis client does: the command and its arguments, token
// included, in the message, in an `args` array, in a hidden property and in nested causes.
const PASSWORD = 'store-Pa55word';
const STORED = fakeJwt({ sub: 'stored' });
const ISSUED = fakeJwt({ sub: 'issued' });
const OTHER = fakeJwt({ sub: 'another-process' });
let server: Loopback;

beforeAll(async () => {
  server = await listen((request, response) => {
    if (request.url === '/auth/token') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ token: ISSUED }));
      return;
    }
    // The stored token is refused, so the client asks the store to delete it.
    const refused = request.headers.authorization === `Bearer ${STORED}`;
    response.writeHead(refused ? 401 : 200, { 'content-type': 'application/json' });
    response.end(refused ? '{"message":"Unauthorized"}' : '[]');
  });
});

afterAll(() => server.close());

class ErrorReply extends Error {
  override name = 'ErrorReply';
}

function redisLikeError(command: string, ...args: string[]): Error {
  const error = new ErrorReply(`ERR failed ${command} ${args.join(' ')}`, {
    cause: new AggregateError(
      [new Error(`socket wrote ${args.join(' ')}`)],
      `pipeline failed for ${args.join(' ')}`,
    ),
  });
  Object.assign(error, { args: [command, ...args], reply: { sent: args } });
  Object.defineProperty(error, 'command', { value: `${command} ${args.join(' ')}` });
  return error;
}

function failingStore(failing: 'get' | 'set' | 'delete', stored?: CachedToken): TokenStore {
  let current = stored;
  return {
    async get() {
      if (failing === 'get') throw redisLikeError('GET', 'pix:token', OTHER, PASSWORD);
      return current;
    },
    async set(token) {
      if (failing === 'set') throw redisLikeError('SET', 'pix:token', JSON.stringify(token));
      current = token;
    },
    async delete(token) {
      if (failing === 'delete') throw redisLikeError('DEL', 'pix:token', String(token));
      current = undefined;
    },
  };
}

function shown(error: unknown): string {
  return [
    String(error),
    JSON.stringify(error),
    inspect(error, { depth: Number.POSITIVE_INFINITY }),
    inspect(error, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
  ].join('\n');
}

const makeClient = (tokenStore: TokenStore) =>
  new PaymentClient({
    baseUrl: server.url,
    email: 'store@example.com',
    password: PASSWORD,
    maxRetries: 0,
    tokenStore,
  });

describe('a failing token store shows no secret', () => {
  it.each([
    ['set', false],
    ['delete', true],
    ['get', false],
  ] as const)('tokenStore.%s() throwing a Redis-like error', async (failing, holdsToken) => {
    // The client's own token, which the service refuses, so that the client deletes it.
    const stored = holdsToken
      ? { token: STORED, account: await tokenAccount(server.url, 'store@example.com') }
      : undefined;
    const error = await rejectionOf(
      makeClient(failingStore(failing, stored)).withdrawals.listCurrencies(),
    );
    expect(error).toBeInstanceOf(PaymentError);
    expect((error as Error).message).toMatch(
      new RegExp(`^tokenStore\\.${failing}\\(\\) failed: check the store given as tokenStore`),
    );
    const text = shown(error);
    for (const secret of [STORED, ISSUED, OTHER, PASSWORD]) expect(text).not.toContain(secret);
    // What helps to diagnose stays: the error's name, the command, the shape of the causes.
    const cause = (error as Error).cause as Error & { args: string[]; cause: AggregateError };
    expect(cause.name).toBe('ErrorReply');
    expect(cause.message).toContain('[redacted]');
    expect(cause.args[0]).toBe(failing === 'delete' ? 'DEL' : failing.toUpperCase());
    expect(cause.cause).toBeInstanceOf(AggregateError);
    expect(cause.cause.errors[0]?.message).toMatch(/^socket wrote pix:token /);
  });
});
