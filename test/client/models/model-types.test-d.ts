import type * as models from 'pix-payment-sdk';
import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';

// The models are interfaces (so the reference names them instead of spelling them out) that extend
// what their schema parses; a nested model is named again to link it. Each must stay exactly the
// schema's output.
type Parsed<T extends z.ZodMiniType> = z.infer<T>;

describe('each model type is what its schema parses', () => {
  it('requests', () => {
    expectTypeOf<models.TokenRequest>().toEqualTypeOf<Parsed<typeof models.TokenRequest>>();
    expectTypeOf<models.WithdrawalRequest>().toEqualTypeOf<
      Parsed<typeof models.WithdrawalRequest>
    >();
    expectTypeOf<models.DepositForCustomerId>().toEqualTypeOf<
      Parsed<typeof models.DepositForCustomerId>
    >();
    expectTypeOf<models.DepositForNewCustomer>().toEqualTypeOf<
      Parsed<typeof models.DepositForNewCustomer>
    >();
    expectTypeOf<models.DepositRequest>().toEqualTypeOf<Parsed<typeof models.DepositRequest>>();
    expectTypeOf<models.CreateCustomerInput>().toEqualTypeOf<
      Parsed<typeof models.CreateCustomerInput>
    >();
    expectTypeOf<models.UpdateCustomerInput>().toEqualTypeOf<
      Parsed<typeof models.UpdateCustomerInput>
    >();
    expectTypeOf<models.PixKeyInput>().toEqualTypeOf<Parsed<typeof models.PixKeyInput>>();
    expectTypeOf<models.BalanceFilter>().toEqualTypeOf<Parsed<typeof models.BalanceFilter>>();
    expectTypeOf<models.SubAccountFee>().toEqualTypeOf<Parsed<typeof models.SubAccountFee>>();
    expectTypeOf<models.SubAccountFees>().toEqualTypeOf<Parsed<typeof models.SubAccountFees>>();
    expectTypeOf<models.CreateSubAccountInput>().toEqualTypeOf<
      Parsed<typeof models.CreateSubAccountInput>
    >();
    expectTypeOf<models.SubAccountWebhookInput>().toEqualTypeOf<
      Parsed<typeof models.SubAccountWebhookInput>
    >();
    expectTypeOf<models.WithdrawalIpInput>().toEqualTypeOf<
      Parsed<typeof models.WithdrawalIpInput>
    >();
  });

  it('answers', () => {
    expectTypeOf<models.TokenResponse>().toEqualTypeOf<Parsed<typeof models.TokenResponse>>();
    expectTypeOf<models.MessageResult>().toEqualTypeOf<Parsed<typeof models.MessageResult>>();
    expectTypeOf<models.Fee>().toEqualTypeOf<Parsed<typeof models.Fee>>();
    expectTypeOf<models.Currency>().toEqualTypeOf<Parsed<typeof models.Currency>>();
    expectTypeOf<models.CurrencyList>().toEqualTypeOf<Parsed<typeof models.CurrencyList>>();
    expectTypeOf<models.Customer>().toEqualTypeOf<Parsed<typeof models.Customer>>();
    expectTypeOf<models.CreateCustomerResult>().toEqualTypeOf<
      Parsed<typeof models.CreateCustomerResult>
    >();
    expectTypeOf<models.CreateDepositResult>().toEqualTypeOf<
      Parsed<typeof models.CreateDepositResult>
    >();
    expectTypeOf<models.PixKey>().toEqualTypeOf<Parsed<typeof models.PixKey>>();
    expectTypeOf<models.PixKeyList>().toEqualTypeOf<Parsed<typeof models.PixKeyList>>();
    expectTypeOf<models.AddPixKeyResult>().toEqualTypeOf<Parsed<typeof models.AddPixKeyResult>>();
    expectTypeOf<models.TransactionDetailsFields>().toEqualTypeOf<
      Parsed<typeof models.TransactionDetails>
    >();
    expectTypeOf<models.WebhookPayloadFields>().toEqualTypeOf<
      Parsed<typeof models.WebhookPayload>
    >();
    expectTypeOf<models.Cryptocurrency>().toEqualTypeOf<Parsed<typeof models.Cryptocurrency>>();
    expectTypeOf<models.BlockchainNetwork>().toEqualTypeOf<
      Parsed<typeof models.BlockchainNetwork>
    >();
    expectTypeOf<models.Balance>().toEqualTypeOf<Parsed<typeof models.Balance>>();
    expectTypeOf<models.BalanceList>().toEqualTypeOf<Parsed<typeof models.BalanceList>>();
    expectTypeOf<models.CreateWithdrawalResponse>().toEqualTypeOf<
      Parsed<typeof models.CreateWithdrawalResponse>
    >();
  });
});
