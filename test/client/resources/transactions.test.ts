import { PaymentResponseError } from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/client-mock-service.js';
import { makeClient } from '../../support/client-setup.js';

const service = useMockService();

describe('withdrawals and deposits: what they share', () => {
  it('withdrawals.listCurrencies and deposits.listCurrencies: return their own lists', async () => {
    const withdrawalCurrencies = await service.api('GET', '/withdraw/company/currencies');
    const depositCurrencies = await service.api('GET', '/deposit/company/currencies');
    expect(withdrawalCurrencies).not.toEqual(depositCurrencies);
    const client = makeClient();
    await expect(client.withdrawals.listCurrencies()).resolves.toEqual(withdrawalCurrencies);
    await expect(client.deposits.listCurrencies()).resolves.toEqual(depositCurrencies);
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
});

describe('withdrawals and deposits: details', () => {
  it('withdrawals.get and deposits.get: identifiedDocumentPix is read as a boolean', async () => {
    const f = await service.arrange();
    await service.mock.deposits.settle(f.depositId, 'PAID', { identifiedDocumentPix: true });
    await service.mock.withdrawals.settle(f.withdrawalId, 'ERROR', {
      identifiedDocumentPix: false,
    });
    const client = makeClient();
    const deposit = await client.deposits.get(f.depositId);
    expect(deposit.identifiedDocumentPix).toBe(true);
    expect(deposit.currency?.status).toBe('PAID');
    const withdrawal = await client.withdrawals.get(f.withdrawalId);
    expect(withdrawal.identifiedDocumentPix).toBe(false);
  });

  it('withdrawals.get: details without identifiedDocumentPix leave it undefined', async () => {
    const f = await service.arrange();
    const details = await makeClient().withdrawals.get(f.withdrawalId);
    expect(details).not.toHaveProperty('identifiedDocumentPix');
    expect(details.identifiedDocumentPix).toBeUndefined();
  });

  it('deposits.get: a document string in identifiedDocumentPix breaks the contract (PaymentResponseError)', async () => {
    const f = await service.arrange();
    service.mock.faults.inject({
      path: `/deposit/${f.depositId}/details`,
      status: 200,
      body: {
        _id: f.depositId,
        customerId: f.customerId,
        identifiedDocumentPix: '52998224725',
        currency: { name: 'BRL', type: 'PIX', amount: 1, status: 'PAID' },
      },
    });
    const error = await makeClient()
      .deposits.get(f.depositId)
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(error).toBeInstanceOf(PaymentResponseError);
    expect((error as PaymentResponseError).issues).toEqual([
      { path: ['identifiedDocumentPix'], message: 'expected boolean, received string' },
    ]);
  });
});
