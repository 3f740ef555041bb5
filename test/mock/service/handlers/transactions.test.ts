// What withdrawals and deposits share: currencies and the webhook resend.
// Every test runs through MSW's setupServer, through mock.fetch and over real HTTP.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startReceiver } from '../../../support/mock-receiver.js';
import {
  answerOf,
  depositCurrency,
  HEX24,
  ISO_UTC,
  type MockSession,
  mockPerTest,
  NOT_FOUND,
  SERVER_ERROR,
  UNAUTHORIZED,
  UNKNOWN_ID,
  withdrawalFixture,
} from '../../../support/mock-suite.js';
import { mockTransports } from '../../../support/mock-transports.js';

describe.each(mockTransports())(
  'What withdrawals and deposits share through $name',
  (transport) => {
    let { h, api, token, customerId } = {} as MockSession;
    mockPerTest(transport, (session) => {
      ({ h, api, token, customerId } = session);
    });

    describe('section 7: List withdrawal and deposit currencies', () => {
      const currencyShape = {
        _id: expect.stringMatching(HEX24),
        name: 'BRL',
        type: 'PIX',
        symbol: 'R$',
        createdDate: expect.stringMatching(ISO_UTC),
        updatedDate: expect.stringMatching(ISO_UTC),
        __v: 0,
        supplierFeeByActivity: {
          servicetreeal: {
            type: expect.stringMatching(/^(FIXED|PERCENTAGE)$/),
            value: expect.any(Number),
          },
          servicetreealliquidity: {
            type: expect.stringMatching(/^(FIXED|PERCENTAGE)$/),
            value: expect.any(Number),
          },
        },
      };

      it('200 with whole currency objects; withdrawal and deposit BRL are different objects', async () => {
        const withdrawal = await api.call('GET', '/withdraw/company/currencies', { token });
        const deposit = await api.call('GET', '/deposit/company/currencies', { token });
        expect(withdrawal.status).toBe(200);
        expect(deposit.status).toBe(200);
        expect(withdrawal.body).toEqual([currencyShape]);
        expect(deposit.body).toEqual([currencyShape]);
        const [w] = withdrawal.body as Array<{ _id: string }>;
        const [d] = deposit.body as Array<{ _id: string }>;
        expect(w?._id).not.toBe(d?._id);
      });

      it('404 Customer not found (withdrawal currencies) has no natural trigger: only a fault gives it', async () => {
        h.mock.faults.inject({ method: 'GET', path: '/withdraw/company/currencies', status: 404 });
        expect(answerOf(await api.call('GET', '/withdraw/company/currencies', { token }))).toEqual(
          NOT_FOUND,
        );
      });

      it('500 Internal Server Error on either list: reachable by fault injection', async () => {
        h.mock.faults.inject({ path: '/withdraw/company/currencies', status: 500 });
        h.mock.faults.inject({ path: '/deposit/company/currencies', status: 500 });
        expect(answerOf(await api.call('GET', '/withdraw/company/currencies', { token }))).toEqual(
          SERVER_ERROR,
        );
        expect(answerOf(await api.call('GET', '/deposit/company/currencies', { token }))).toEqual(
          SERVER_ERROR,
        );
      });
    });

    describe('section 7: Resend withdrawal webhook', () => {
      let receiver: Awaited<ReturnType<typeof startReceiver>>;
      beforeEach(async () => {
        receiver = await startReceiver();
      });
      afterEach(() => receiver.close());

      async function createWithdrawal(externalId?: string): Promise<string> {
        const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
        const answer = await api.call('POST', '/withdraw', {
          token,
          body: {
            amount: 10.5,
            customerId,
            currency,
            pixKey,
            ...(externalId ? { externalId } : {}),
          },
        });
        return (answer.body as { _id: string })._id;
      }

      it('200 with the Portuguese message, and the webhook reaches a real receiver over HTTP', async () => {
        const id = await createWithdrawal('order-1');
        h.mock.webhooks.setUrl(receiver.url);
        const answer = await api.call('POST', `/withdraw/${id}/resend/webhook`, {
          token,
          body: {},
        });
        expect(answerOf(answer)).toEqual({
          status: 200,
          body: { message: 'Webhook de saque reenviado com sucesso' },
        });
        const [delivery] = await h.mock.webhooks.flush();
        expect(delivery).toMatchObject({
          outcome: 'delivered',
          status: 200,
          url: receiver.url,
          trigger: 'resend',
        });
        expect(receiver.received).toEqual([
          {
            method: 'POST',
            path: '/webhooks/pix',
            headers: expect.objectContaining({ 'content-type': 'application/json' }),
            body: {
              id,
              customerId,
              status: 'PENDING',
              name: 'BRL',
              type: 'PIX',
              amount: 10.5,
              operation: 'WITHDRAW',
              externalId: 'order-1',
            },
          },
        ]);
      });

      it('may be called any number of times; each call delivers again', async () => {
        const id = await createWithdrawal();
        h.mock.webhooks.setUrl(receiver.url);
        for (let i = 0; i < 3; i++) {
          expect((await api.call('POST', `/withdraw/${id}/resend/webhook`, { token })).status).toBe(
            200,
          );
        }
        await h.mock.webhooks.flush();
        expect(receiver.received).toHaveLength(3);
        expect(receiver.received[0]?.body).not.toHaveProperty('externalId');
      });

      it('404 Not Found: the provided ID is invalid, or the transaction does not exist', async () => {
        const deposit = await api.call('POST', '/deposit', {
          token,
          body: { amount: 1, customerId, currency: await depositCurrency(api, token) },
        });
        const depositId = (deposit.body as { data: { id: string } }).data.id;
        for (const id of ['123', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', UNKNOWN_ID, depositId]) {
          const answer = await api.call('POST', `/withdraw/${id}/resend/webhook`, { token });
          expect({ id, ...answerOf(answer) }).toEqual({ id, ...NOT_FOUND });
        }
      });

      it('401 Unauthorized: not authorized for this action (mock.auth.denyAction)', async () => {
        const id = await createWithdrawal();
        h.mock.webhooks.setUrl(receiver.url);
        h.mock.auth.denyAction('resendWithdrawalWebhook');
        expect(
          answerOf(await api.call('POST', `/withdraw/${id}/resend/webhook`, { token })),
        ).toEqual(UNAUTHORIZED);
        expect((await api.call('GET', `/withdraw/${id}/details`, { token })).status).toBe(200);
        h.mock.auth.allowAction('resendWithdrawalWebhook');
        expect((await api.call('POST', `/withdraw/${id}/resend/webhook`, { token })).status).toBe(
          200,
        );
        await h.mock.webhooks.flush();
        expect(receiver.received).toHaveLength(1);
      });

      it('500 Internal Server Error: reachable by fault injection, and nothing is sent', async () => {
        const id = await createWithdrawal();
        h.mock.webhooks.setUrl(receiver.url);
        h.mock.faults.inject({ path: /\/resend\/webhook$/, status: 500 });
        expect(
          answerOf(await api.call('POST', `/withdraw/${id}/resend/webhook`, { token })),
        ).toEqual(SERVER_ERROR);
        expect(h.mock.webhooks.deliveries).toHaveLength(0);
      });
    });
  },
);
