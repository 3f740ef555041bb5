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
