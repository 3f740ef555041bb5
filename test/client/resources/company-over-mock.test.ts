// client.company end to end: the client under test against the package's mock, through MSW
// intercepting real fetch. The provider's examples for each page are pinned in company.test.ts;
// here the two halves meet: the ledger seen through brlBalance, and a sub-account set up over HTTP.
import {
  BadRequestError,
  brlBalance,
  buildWithdrawal,
  PaymentClient,
  type SubAccountFees,
  UnauthorizedError,
} from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';
import { BASE_URL, useMockService } from '../../support/client-mock-service.js';
import { makeClient, rejectionOf } from '../../support/client-setup.js';

const service = useMockService({ balance: { BRL: '100.00' } });

describe('client.company over the mock', () => {
  it("a withdrawal's whole life in brlBalance: held when created, spent when paid, given back when failed", async () => {
    const client = makeClient();
    const { customerId, pixKey, withdrawalCurrency: currency } = await service.arrange();
    // arrange() made a withdrawal of 10.50 that still holds its amount.
    expect(brlBalance(await client.company.getBalance())).toEqual({
      availableCents: 8950,
      heldCents: 1050,
    });
    const pay = (amount: string, externalId: string) =>
      client.withdrawals.create(
        buildWithdrawal({ amount, customerId, currency, pixKey, externalId }),
      );

    const paid = await pay('20.01', 'life-paid');
    const failed = await pay('0.99', 'life-failed');
    expect(brlBalance(await client.company.getBalance())).toEqual({
      availableCents: 8950 - 2001 - 99,
      heldCents: 1050 + 2001 + 99,
    });
    await service.mock.withdrawals.settle(paid._id, 'PAID');
    await service.mock.withdrawals.settle(failed._id, 'ERROR');
    expect(brlBalance(await client.company.getBalance())).toEqual({
      availableCents: 8950 - 2001,
      heldCents: 1050,
    });
    expect(service.calls().filter((call) => call === 'POST /balance/company')).toHaveLength(3);
  });

  it('a withdrawal above the available balance is a BadRequestError: nothing created, balance unchanged', async () => {
    const client = makeClient();
    const { customerId, pixKey, withdrawalCurrency: currency } = await service.arrange();
    const before = await client.company.getBalance();
    const error = await rejectionOf(
      client.withdrawals.create(
        buildWithdrawal({ amount: '89.51', customerId, currency, pixKey, externalId: 'too-much' }),
      ),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(service.mock.withdrawals.list().map((w) => w.externalId)).not.toContain('too-much');
    expect(await client.company.getBalance()).toEqual(before);
    await expect(
      client.withdrawals.create(
        buildWithdrawal({ amount: '89.50', customerId, currency, pixKey, externalId: 'all-of-it' }),
      ),
    ).resolves.toMatchObject({ status: 'PENDING' });
    expect(brlBalance(await client.company.getBalance())?.availableCents).toBe(0);
  });

  it('brlBalance reads a balance at the top of its range to the exact cent', async () => {
    service.mock.company.setBalance({ BRL: '90071992547409.91' });
    const balances = await makeClient().company.getBalance();
    expect(brlBalance(balances)).toEqual({ availableCents: 9_007_199_254_740_991, heldCents: 0 });
  });

  it("the balance allowlist's 401 reaches the caller with the hint", async () => {
    service.mock.company.allowBalanceIps(['198.51.100.10']);
    const error = await rejectionOf(makeClient().company.getBalance());
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as Error).message).toContain('own IP allowlist');
  });

  it('a sub-account created over HTTP logs in at once, sets its webhook and IP once each, and sees only its own data', async () => {
    const main = makeClient();
    const currency = (await main.deposits.listCurrencies())[0];
    const payoutCurrency = (await main.withdrawals.listCurrencies())[0];
    if (!currency || !payoutCurrency) throw new Error('the mock lists no currency');
    const login = { email: 'financeiro@loja.example', password: 'Loja-Exemplo-2026!' };
    const fees = (entry: SubAccountFees['currencies'][number]): SubAccountFees => ({
      currencies: [entry],
      blockchainNetworks: [],
      cryptocurrencies: [],
    });
    await expect(
      main.company.createSubAccount({
        user: { name: 'Loja Exemplo Ltda', ...login },
        deposit: fees({ currency, fee: { type: 'PERCENTAGE', value: 1 } }),
        withdraw: fees({ currency: payoutCurrency, fee: { type: 'FIXED', value: 1.5 } }),
      }),
    ).resolves.toEqual({ message: 'Subconta cadastrada com sucesso' });

    const sub = new PaymentClient({ baseUrl: BASE_URL, ...login });
    const webhook = { name: 'Primeiro Webhook', externalWebhookUrl: 'https://loja.example/pix' };
    await expect(sub.company.registerWebhook(webhook)).resolves.toEqual({
      message: 'Primeiro Webhook cadastrado com sucesso',
    });
    await expect(sub.company.allowWithdrawalIp('203.0.113.7')).resolves.toEqual({
      message: 'Primeiro IP liberado para solicitação de saque cadastrado com sucesso',
    });
    await expect(sub.company.registerWebhook(webhook)).rejects.toThrow(BadRequestError);
    await expect(sub.company.allowWithdrawalIp('203.0.113.8')).rejects.toThrow(BadRequestError);
    await expect(main.company.registerWebhook(webhook)).rejects.toThrow(BadRequestError);

    expect(brlBalance(await sub.company.getBalance())).toEqual({ availableCents: 0, heldCents: 0 });
    expect(brlBalance(await main.company.getBalance())?.availableCents).toBe(10_000);
    const mainCustomer = service.mock.customers.seeded._id;
    await expect(sub.customers.get(mainCustomer)).rejects.toMatchObject({ status: 404 });

    const [account] = service.mock.company.subAccounts;
    const controls = service.mock.account(account?._id);
    expect(controls.isSubAccount).toBe(true);
    expect(controls.webhooks.url).toBe(webhook.externalWebhookUrl);
    expect(controls.company.withdrawalIps).toEqual(['203.0.113.7']);
  });
});
