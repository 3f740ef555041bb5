// A withdrawal created through the package's client over a running mock server, for the suites
// that drive that server from outside (the remote, the bin's commands).
import { buildDeposit, buildWithdrawal, PaymentClient, selectCurrency } from 'pix-payment-sdk';
import type { RunningMockServer } from 'pix-payment-sdk/mock';

/** Registers a CPF key for the seeded customer and creates a PENDING withdrawal; its id. */
export async function createWithdrawalOver(running: RunningMockServer): Promise<string> {
  const client = new PaymentClient({ baseUrl: running.url, ...running.mock.credentials });
  const customerId = running.mock.customers.seeded._id;
  const pixKey = await client.pixKeys.ensure(customerId, { type: 'CPF', key: '529.982.247-25' });
  const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
  const created = await client.withdrawals.create(
    buildWithdrawal({ amount: '10.50', customerId, currency, pixKey }),
  );
  return created._id;
}

/** Creates a deposit of R$ 25.00 through the client over `running`; its id and Pix code. */
export async function createDepositOver(
  running: RunningMockServer,
): Promise<{ id: string; code: string }> {
  const client = new PaymentClient({ baseUrl: running.url, ...running.mock.credentials });
  const customerId = running.mock.customers.seeded._id;
  const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
  const created = await client.deposits.create(
    buildDeposit({ amount: '25.00', customerId, currency }),
  );
  return { id: created.data.id, code: created.data.code };
}
