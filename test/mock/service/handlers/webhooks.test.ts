// Webhooks: settlement and failed deliveries.
// Every test runs through MSW's setupServer, through mock.fetch and over real HTTP.
import type { KnownTransactionStatus } from 'pix-payment-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusedUrl, startReceiver } from '../../../support/mock-receiver.js';
import {
  depositCurrency,
  ISO_UTC,
  type MockSession,
  mockPerTest,
  withdrawalFixture,
} from '../../../support/mock-suite.js';
import { mockTransports } from '../../../support/mock-transports.js';

describe.each(mockTransports())('Webhooks through $name', (transport) => {
  let { h, api, token, customerId } = {} as MockSession;
  mockPerTest(transport, (session) => {
    ({ h, api, token, customerId } = session);
  });

  describe('webhooks: settle and delivery failures', () => {
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let withdrawalId: string;
    beforeEach(async () => {
      receiver = await startReceiver();
      const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
      const answer = await api.call('POST', '/withdraw', {
        token,
        body: { amount: 25, customerId, currency, pixKey, externalId: 'order-25' },
      });
      withdrawalId = (answer.body as { _id: string })._id;
    });
    afterEach(() => receiver.close());

    it('settle moves the withdrawal on, notifies the receiver, and details agree', async () => {
      h.mock.webhooks.setUrl(receiver.url);
      const delivery = await h.mock.withdrawals.settle(withdrawalId, 'PAID');
      expect(delivery).toMatchObject({ outcome: 'delivered', status: 200, trigger: 'settle' });
      expect(delivery.time).toMatch(ISO_UTC);
      expect(receiver.received[0]?.body).toMatchObject({
        id: withdrawalId,
        status: 'PAID',
        amount: 25,
      });
      const details = await api.call('GET', `/withdraw/${withdrawalId}/details`, { token });
      expect((details.body as { currency: { status: string } }).currency.status).toBe('PAID');
    });

    it('settle on a deposit notifies with operation DEPOSIT', async () => {
      h.mock.webhooks.setUrl(receiver.url);
      const currency = await depositCurrency(api, token);
      const created = await api.call('POST', '/deposit', {
        token,
        body: { amount: 7, customerId, currency },
      });
      const { id } = (created.body as { data: { id: string } }).data;
      await h.mock.deposits.settle(id, 'PAID', { identifiedDocumentPix: true });
      expect(receiver.received[0]?.body).toEqual({
        id,
        customerId,
        status: 'PAID',
        name: 'BRL',
        type: 'PIX',
        amount: 7,
        operation: 'DEPOSIT',
      });
      const details = await api.call('GET', `/deposit/${id}/details`, { token });
      expect(details.body).toMatchObject({ identifiedDocumentPix: true });
    });

    it.each([
      ['answers 500', 'rejected'],
      ['refuses the connection', 'failed'],
      ['never answers', 'timeout'],
    ] as const)(
      'a receiver that %s does not break the service (journaled %s)',
      async (how, outcome) => {
        if (how === 'answers 500') receiver.setMode({ status: 500 });
        if (how === 'never answers') receiver.setMode('hang');
        h.mock.webhooks.setUrl(
          how === 'refuses the connection' ? await refusedUrl() : receiver.url,
        );
        const answer = await api.call('POST', `/withdraw/${withdrawalId}/resend/webhook`, {
          token,
        });
        expect(answer.status).toBe(200);
        const [delivery] = await h.mock.webhooks.flush();
        expect(delivery?.outcome).toBe(outcome);
        if (outcome !== 'rejected') expect(delivery?.error).toEqual(expect.any(String));
        expect(delivery?.durationMs).toEqual(expect.any(Number));
        expect((await api.call('GET', `/withdraw/${withdrawalId}/details`, { token })).status).toBe(
          200,
        );
      },
    );

    it('without a callback URL a delivery is journaled as skipped', async () => {
      const delivery = await h.mock.withdrawals.settle(withdrawalId, 'ERROR');
      expect(delivery).toMatchObject({ outcome: 'skipped', url: null });
      expect(receiver.received).toHaveLength(0);
    });

    it('every published status can be settled', async () => {
      const statuses: KnownTransactionStatus[] = ['PROCESSING', 'REJECTED', 'REFUND_APPROVED'];
      for (const status of statuses) {
        await h.mock.withdrawals.settle(withdrawalId, status);
        expect(h.mock.withdrawals.get(withdrawalId)?.status).toBe(status);
      }
    });
  });
});
