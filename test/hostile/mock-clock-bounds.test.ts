import { PaymentClient } from 'pix-payment-sdk';
import {
  createPaymentServiceMock,
  type RunningMockServer,
  startMockServer,
} from 'pix-payment-sdk/mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawJson, rawRequest } from '../support/raw-http.js';

// A `Date` holds times within 8.64e15 ms of 1970. A clock moved past that cannot be written as
// ISO 8601, and every route that stamps a time would fail: each move is checked first, and a
// refused one changes nothing, over HTTP, through mock.clock and as an option.

const LAST_MS = 8.64e15;
const START = '2040-01-01T00:00:00.000Z';

let running: RunningMockServer;
beforeAll(async () => {
  running = await startMockServer({ port: 0, seed: 31 });
});
afterAll(() => running.close());
beforeEach(() => running.mock.reset());

/** Every kind of route still answers as usual: the control routes, the login and a write. */
async function expectEveryRouteAnswers(): Promise<void> {
  expect((await rawRequest(running.url, 'GET', '/__mock/state')).status).toBe(200);
  expect((await rawRequest(running.url, 'GET', '/__mock/requests')).status).toBe(200);
  const client = new PaymentClient({ baseUrl: running.url, ...running.mock.credentials });
  expect((await client.withdrawals.listCurrencies()).length).toBeGreaterThan(0);
  const { customer } = await client.customers.create({
    name: 'Ana Souza',
    document: '52998224725',
  });
  expect(customer._id).toMatch(/^[0-9a-f]{24}$/);
}

describe('the control routes refuse a clock outside dates, and change nothing', () => {
  it('PUT /__mock/clock past either end is 400, the clock stays, every route answers', async () => {
    for (const now of [LAST_MS + 1, -LAST_MS - 1, 1e20, Number.MAX_SAFE_INTEGER]) {
      const answer = await rawJson(running.url, 'PUT', '/__mock/clock', { now });
      expect(answer.status, String(now)).toBe(400);
      expect(answer.json).toMatchObject({ message: 'Bad Request' });
      expect(running.mock.clock.now().toISOString()).toBe(START);
    }
    await expectEveryRouteAnswers();
  });

  it('POST /__mock/clock/advance past the last date is 400, the clock stays, every route answers', async () => {
    for (const ms of [1e20, LAST_MS, 1.7976931348623157e308]) {
      const answer = await rawJson(running.url, 'POST', '/__mock/clock/advance', { ms });
      expect(answer.status, String(ms)).toBe(400);
      expect(running.mock.clock.now().toISOString()).toBe(START);
    }
    await expectEveryRouteAnswers();
  });

  it('the last instant a Date holds may be set; one millisecond more may not', async () => {
    const set = await rawJson(running.url, 'PUT', '/__mock/clock', { now: LAST_MS });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ now: '+275760-09-13T00:00:00.000Z' });
    const advance = await rawJson(running.url, 'POST', '/__mock/clock/advance', { ms: 1 });
    expect(advance.status).toBe(400);
    const clock = await rawRequest(running.url, 'GET', '/__mock/clock');
    expect(clock.json).toEqual({ now: '+275760-09-13T00:00:00.000Z' });
    await expectEveryRouteAnswers();
    running.mock.clock.set(-LAST_MS);
    await expectEveryRouteAnswers();
  });
});

describe('mock.clock and the now option refuse the same, with a TypeError', () => {
  it('set() and advance() throw and leave the clock where it was', () => {
    const mock = createPaymentServiceMock({ seed: 2 });
    const before = mock.clock.now().getTime();
    expect(() => mock.clock.set(LAST_MS + 1)).toThrow(TypeError);
    expect(() => mock.clock.set(-1e16)).toThrow(TypeError);
    expect(() => mock.clock.advance(LAST_MS)).toThrow(TypeError);
    expect(() => mock.clock.advance(Number.MAX_VALUE)).toThrow(TypeError);
    expect(mock.clock.now().getTime()).toBe(before);
    mock.clock.set(-LAST_MS);
    expect(mock.clock.now().toISOString()).toBe('-271821-04-20T00:00:00.000Z');
  });

  it('a start time outside dates is refused when the mock is made', () => {
    expect(() => createPaymentServiceMock({ now: 1e16 })).toThrow(TypeError);
    expect(() => createPaymentServiceMock({ now: -LAST_MS - 1 })).toThrow(/range of a Date/);
  });
});
