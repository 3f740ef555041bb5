import { PaymentClient, RateLimitError } from 'pix-payment-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../src/core/retry.js';
import { rejectionOf } from '../support/client-setup.js';
import { fakeJwt, type Loopback, listen, withLogin } from '../support/loopback.js';

// Values that are neither delay-seconds nor an HTTP-date: a lenient date parser reads most of them
// as a day in 2001, which would mean "retry now".
const UNREADABLE = ['1.5', '12.7', '-1', '+3', '0x10', '1e3', '5 seconds', 'soon', '', '3, 4'];

describe('parseRetryAfter', () => {
  const now = Date.parse('2030-05-01T12:00:00Z');

  it.each([
    ['0', 0],
    ['7', 7_000],
    ['0120', 120_000],
  ])('%j delay-seconds is %i ms', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });

  it.each([
    ['Wed, 01 May 2030 12:00:30 GMT', 30_000],
    ['Wednesday, 01-May-30 12:01:00 GMT', 60_000],
    ['Wed May  1 12:00:05 2030', 5_000],
    ['Wed, 01 May 2030 11:00:00 GMT', 0],
  ])('the HTTP-date %j is %i ms away', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });

  it.each([
    ...UNREADABLE,
    '2030-05-01T12:00:30Z',
    'Wed, 01 May 2030 12:00:30 +0000',
    'Wed, 1 May 2030 12:00:30 GMT',
    'Wed, 01 May 2030 25:00:30 GMT',
    'Wed, 32 May 2030 12:00:30 GMT',
    'Wed, 31 Apr 2030 12:00:30 GMT',
    'Wed, 01 Mai 2030 12:00:30 GMT',
    'Wed, 01 May 2030 12:00:30 UTC',
    'Wednesday, 01-May-2030 12:00:30 GMT',
  ])('%j is unreadable', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });

  it('an absent header is undefined', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('Retry-After over HTTP', () => {
  let server: Loopback;
  let retryAfter = '';
  let answered = 0;

  beforeAll(async () => {
    server = await listen(
      withLogin(fakeJwt(), (_request, response) => {
        answered += 1;
        if (answered % 2 === 1) {
          response.writeHead(429, {
            'content-type': 'application/json',
            'retry-after': retryAfter,
          });
          response.end('{"message":"Too Many Requests"}');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('[]');
      }),
    );
  });

  afterAll(() => server.close());

  const makeClient = (maxRetries: number) =>
    new PaymentClient({
      baseUrl: server.url,
      email: 'retry@example.com',
      password: 'retry-password',
      maxRetries,
      retryBackoff: { initialDelayMs: 1, maxDelayMs: 2 },
    });

  it.each(UNREADABLE)('an unreadable Retry-After %j is ignored', async (value) => {
    retryAfter = value;
    answered = 0;
    const error = await rejectionOf(makeClient(0).withdrawals.listCurrencies());
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBeUndefined();
    // The normal backoff applies: the retry is made and succeeds.
    answered = 0;
    expect(await makeClient(1).withdrawals.listCurrencies()).toEqual([]);
  });

  it('a readable Retry-After is kept on the error', async () => {
    retryAfter = '2';
    answered = 0;
    const error = await rejectionOf(makeClient(0).withdrawals.listCurrencies());
    expect(error).toMatchObject({ name: 'RateLimitError', retryAfterMs: 2_000 });
  });
});
