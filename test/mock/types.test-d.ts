import {
  type Balance,
  type BrlBalance,
  brlBalance,
  type KnownTransactionStatus,
  type WebhookPayload,
} from 'pix-payment-sdk';
import {
  createPaymentServiceMock,
  type MockBalance,
  type MockCryptoBalance,
  type MockDisputeOutcome,
  type MockFiatBalance,
} from 'pix-payment-sdk/mock';
import { describe, expectTypeOf, it } from 'vitest';

// What the mock hands a test and what the client answers are the same data: a test passes the one
// where the other is expected, without a cast.
describe('the mock and the client agree on types', () => {
  it("reads the mock's balances with the client's helpers", () => {
    const mock = createPaymentServiceMock();
    expectTypeOf(brlBalance(mock.company.balances())).toEqualTypeOf<BrlBalance | undefined>();
    const asTheClientAnswers: readonly Balance[] = mock.company.balances();
    expectTypeOf(asTheClientAnswers).toEqualTypeOf<readonly Balance[]>();
  });

  it("takes each of the mock's balances as a client Balance", () => {
    expectTypeOf<MockBalance[]>().toExtend<readonly Balance[]>();
    expectTypeOf<MockFiatBalance>().toExtend<Balance>();
    expectTypeOf<MockCryptoBalance>().toExtend<Balance>();
  });
});

describe("the deposits' customer side speaks the client's statuses", () => {
  it('a dispute outcome is a status the client knows; its deliveries carry webhook payloads', async () => {
    expectTypeOf<MockDisputeOutcome>().toExtend<KnownTransactionStatus>();
    const mock = createPaymentServiceMock();
    const { deliveries, deposit } = await mock.account().deposits.dispute('id', {
      outcome: 'REFUND_CANCELED',
    });
    expectTypeOf(deliveries[0]?.payload).toEqualTypeOf<WebhookPayload | undefined>();
    expectTypeOf(deposit.status).toEqualTypeOf<KnownTransactionStatus>();
    // @ts-expect-error: an outcome the provider has no status for
    await mock.deposits.dispute('id', { outcome: 'LOST' });
  });
});
