/**
 * A tiny "merchant service", the code under test in `downstream-vitest/payouts.test.ts` and
 * `downstream-jest/payouts.test.ts`: it pays an order out to the customer's Pix key and learns the
 * outcome from webhooks. It takes a `PaymentClient`, so
 * production passes a real one and tests pass one pointed at the mock.
 */
import {
  buildWithdrawal,
  type Currency,
  isCryptoTransaction,
  isPixKeyConflictError,
  type PaymentClient,
  type PixKeyInput,
  parseWebhookPayload,
  selectCurrency,
} from 'pix-payment-sdk';

export interface Payout {
  readonly orderId: string;
  readonly withdrawalId: string;
  status: string;
}

export interface PayOutInput {
  readonly orderId: string;
  readonly customerId: string;
  readonly pixKey: PixKeyInput;
  /** Decimal string, e.g. '150.75'. */
  readonly amount: string;
}

/** The Pix key is registered to another customer: ask this customer for another key. */
export class PixKeyTakenError extends Error {
  override name = 'PixKeyTakenError';
}

export function createPayoutService(client: PaymentClient) {
  const payouts = new Map<string, Payout>(); // stands in for your database
  let currency: Currency | undefined;

  return {
    payouts,

    /** Pays an order out. Safe to call again for the same order: the orderId is the externalId. */
    async payOut({ orderId, customerId, pixKey, amount }: PayOutInput): Promise<Payout> {
      let key: Awaited<ReturnType<PaymentClient['pixKeys']['ensure']>>;
      try {
        key = await client.pixKeys.ensure(customerId, pixKey);
      } catch (error) {
        // `ensure` refuses a key it cannot prove to be this customer's: after the service answers
        // 404 to adding it (registered already), no listed key of the customer is provably it.
        // 'ambiguous' (a masked key of the customer only looks alike) is thrown on: keep the key
        // object the first payout got, or ask the customer, rather than pay a lookalike.
        if (isPixKeyConflictError(error) && error.reason === 'not-listed') {
          throw new PixKeyTakenError(`${pixKey.type} key is registered to another customer`, {
            cause: error,
          });
        }
        throw error;
      }
      currency ??= selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
      const created = await client.withdrawals.create(
        buildWithdrawal({ amount, customerId, currency, pixKey: key, externalId: orderId }),
      );
      const payout = { orderId, withdrawalId: created._id, status: created.status };
      payouts.set(orderId, payout);
      return payout;
    },

    /** Mount on your webhook route, after answering 200 (see examples/receive-webhooks.ts). */
    async handleWebhook(body: string): Promise<void> {
      const payload = parseWebhookPayload(body);
      if (payload.operation !== 'WITHDRAW') return;
      const details = await client.withdrawals.get(payload.id); // the payload is not signed
      const payout = details.externalId === undefined ? undefined : payouts.get(details.externalId);
      if (isCryptoTransaction(details)) return; // a USDT operation: not one of these payouts
      if (payout?.withdrawalId === details._id) payout.status = details.currency.status;
    },
  };
}
