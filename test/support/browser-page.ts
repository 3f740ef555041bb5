// The page of the browser test (test/mock/transports/browser.test.ts), bundled for the browser: the merchant
// flow through `setupWorker`, the client's own `fetch` intercepted by msw's service worker.
import { setupWorker } from 'msw/browser';
import { buildWithdrawal, PaymentClient, selectCurrency } from 'pix-payment-sdk';
import { createPaymentServiceMock, startMockServer } from 'pix-payment-sdk/mock';

/** What the page reports back to the test. */
export interface BrowserFlowResult {
  readonly token: boolean;
  readonly pixKey: { type: string; key: string };
  readonly currencies: string[];
  readonly withdrawal: { status: string; externalId: string | undefined };
  readonly settledWebhook: { outcome: string; status?: number | undefined };
  readonly refusedWebhook: { outcome: string };
  readonly details: { status: string | undefined; amount: number | undefined };
  readonly journal: string[];
  readonly startMockServer: string;
}

async function runFlow(webhooks: {
  withCors: string;
  withoutCors: string;
}): Promise<BrowserFlowResult> {
  const mock = createPaymentServiceMock({ seed: 3 });
  const worker = setupWorker(...mock.handlers);
  await worker.start({ quiet: true, onUnhandledFrame: 'bypass' });
  try {
    const client = new PaymentClient({
      baseUrl: mock.baseUrl,
      ...mock.credentials,
      dangerouslyAllowBrowser: true,
    });
    const customerId = mock.customers.seeded._id;
    const token = await client.getToken();
    const { key: pixKey } = await client.pixKeys.add(customerId, {
      type: 'EMAIL',
      key: 'browser@example.com',
    });
    const currencies = await client.withdrawals.listCurrencies();
    const withdrawal = await client.withdrawals.create(
      buildWithdrawal({
        amount: '12.34',
        customerId,
        currency: selectCurrency(currencies, 'BRL'),
        pixKey,
        externalId: 'browser-1',
      }),
    );
    mock.webhooks.setUrl(webhooks.withCors);
    const settledWebhook = await mock.withdrawals.settle(withdrawal._id, 'PAID');
    mock.webhooks.setUrl(webhooks.withoutCors);
    await client.withdrawals.resendWebhook(withdrawal._id);
    const [, refusedWebhook] = await mock.webhooks.flush();
    const details = await client.withdrawals.get(withdrawal._id);
    return {
      token: token.split('.').length === 3,
      pixKey: { type: pixKey.type, key: pixKey.key },
      currencies: currencies.map((currency) => currency.name),
      withdrawal: { status: withdrawal.status, externalId: withdrawal.externalId },
      settledWebhook: { outcome: settledWebhook.outcome, status: settledWebhook.status },
      refusedWebhook: { outcome: refusedWebhook?.outcome ?? 'none' },
      details: { status: details.currency?.status, amount: details.currency?.amount },
      journal: mock.requests.map((entry) => `${entry.method} ${entry.path} ${entry.status}`),
      startMockServer: await startMockServer().then(
        () => 'started',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      ),
    };
  } finally {
    worker.stop();
  }
}

(globalThis as { runFlow?: typeof runFlow }).runFlow = runFlow;
