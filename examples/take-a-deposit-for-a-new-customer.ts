/**
 * Take a Pix deposit from someone who is not a customer yet:
 * `npx tsx examples/take-a-deposit-for-a-new-customer.ts`
 *
 * Shows:
 * - `buildDeposit` with a `customer` object (`name`, `document`, `email?`, `phone?`) instead of
 *   `customerId`: the service registers the customer together with the deposit, and
 *   `data.customerId` is the new customer's id, to store for the next deposit;
 * - the second deposit for the same person: with `customerId`, because sending the same name or
 *   document as `customer` again is refused with a `ConflictError` (409) and creates nothing;
 * - keeping the customer's record current with `customers.update` (name and document every time).
 *
 * Runs against the embedded mock only: registering customers on a real account cannot be undone.
 */
import { buildDeposit, ConflictError, PaymentClient, selectCurrency } from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';

const mock = createPaymentServiceMock();
const client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials, fetch: mock.fetch });

const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
const payer = {
  name: 'Bruno Lima',
  document: '111.444.777-35',
  email: 'bruno@example.com',
  phone: '+5511912345678',
};

// 1. The first deposit registers the payer as a customer.
const first = await client.deposits.create(
  buildDeposit({ amount: '49.90', customer: payer, currency }),
);
const customerId = first.data.customerId;
console.log(`${first.message}: deposit ${first.data.id} for new customer ${customerId}`);

// 2. The same person again as `customer` is a conflict: the service creates neither a customer nor
//    a deposit. Use the stored customerId instead.
try {
  await client.deposits.create(buildDeposit({ amount: '10.00', customer: payer, currency }));
  throw new Error('expected a ConflictError');
} catch (error) {
  if (!(error instanceof ConflictError)) throw error;
  console.log(`the same payer as a new customer → ${error.status} ${error.serviceMessage}`);
}
const second = await client.deposits.create(
  buildDeposit({ amount: '10.00', customerId, currency }),
);
console.log(`second deposit ${second.data.id} for customer ${second.data.customerId}`);

// 3. The payer changed their e-mail: the update needs the name and document every time.
const current = await client.customers.get(customerId);
const updated = await client.customers.update(customerId, {
  name: current.name,
  document: current.document,
  email: 'bruno.lima@example.com',
});
console.log(`${updated.message}: ${(await client.customers.get(customerId)).email}`);

if (mock.customers.list().length !== 2 || mock.deposits.list().length !== 2) {
  throw new Error('expected two customers (the seeded one and the payer) and two deposits');
}
