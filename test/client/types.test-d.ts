import type {
  AddPixKeyResult,
  Balance,
  BalanceFilter,
  BalanceList,
  BrlBalance,
  CachedToken,
  CreateCustomerResult,
  CreateDepositResult,
  CreatedDeposit,
  CreateSubAccountInput,
  CreateWithdrawalResult,
  Cryptocurrency,
  Currency,
  Customer,
  DepositForCustomerId,
  DepositForNewCustomer,
  DepositRequest,
  FiatTransactionDetails,
  MessageResult,
  PaymentClient,
  PaymentError,
  PaymentLoginError,
  PixKey,
  RawResponse,
  RequestOptions,
  TokenStore,
  TransactionDetails,
  WebhookPayload,
  WithdrawalRequest,
} from 'pix-payment-sdk';
import {
  brlBalance,
  buildDeposit,
  type CreateWithdrawalOptions,
  type CryptoDepositRequest,
  type CryptoWithdrawalRequest,
  type EnsurePixKeyOptions,
  type InMemoryTokenStore,
  parseWebhookPayload,
  type SubAccountWebhookInput,
  tokenAccount,
  type WalletWithdrawalRequest,
} from 'pix-payment-sdk';
import { describe, expectTypeOf, it } from 'vitest';

declare const client: PaymentClient;

describe('PaymentClient types', () => {
  it('every method returns the parsed answer', () => {
    expectTypeOf(client.getToken()).toEqualTypeOf<Promise<string>>();
    expectTypeOf(client.pixKeys.add('c', { key: 'k', type: 'EMAIL' })).toEqualTypeOf<
      Promise<AddPixKeyResult>
    >();
    expectTypeOf(client.pixKeys.list('c')).toEqualTypeOf<Promise<PixKey[]>>();
    expectTypeOf(client.pixKeys.ensure('c', { key: 'k', type: 'CPF' })).toEqualTypeOf<
      Promise<PixKey>
    >();
    expectTypeOf(client.pixKeys.remove('c', 'k')).toEqualTypeOf<Promise<MessageResult>>();
    expectTypeOf(client.withdrawals.listCurrencies()).toEqualTypeOf<Promise<Currency[]>>();
    expectTypeOf(client.withdrawals.create)
      .parameter(0)
      .toEqualTypeOf<WithdrawalRequest | CryptoWithdrawalRequest | WalletWithdrawalRequest>();
    expectTypeOf(client.withdrawals.create).returns.toEqualTypeOf<
      Promise<CreateWithdrawalResult>
    >();
    expectTypeOf(client.withdrawals.get('w')).toEqualTypeOf<Promise<TransactionDetails>>();
    expectTypeOf(client.withdrawals.resendWebhook('w')).toEqualTypeOf<Promise<MessageResult>>();
    expectTypeOf(client.deposits.listCurrencies()).toEqualTypeOf<Promise<Currency[]>>();
    expectTypeOf(client.deposits.create).returns.toEqualTypeOf<Promise<CreatedDeposit>>();
    expectTypeOf<CreatedDeposit>().toMatchTypeOf<CreateDepositResult>();
    expectTypeOf<CreatedDeposit['externalId']>().toEqualTypeOf<string>();
    expectTypeOf(client.deposits.get('d')).toEqualTypeOf<Promise<TransactionDetails>>();
    expectTypeOf(client.deposits.resendWebhook('d')).toEqualTypeOf<Promise<MessageResult>>();
    expectTypeOf(client.customers.create).returns.toEqualTypeOf<Promise<CreateCustomerResult>>();
    expectTypeOf(client.customers.get('c')).toEqualTypeOf<Promise<Customer>>();
    expectTypeOf(client.customers.update('c', { name: 'n', document: 'd' })).toEqualTypeOf<
      Promise<MessageResult>
    >();
    expectTypeOf(parseWebhookPayload).returns.toEqualTypeOf<WebhookPayload>();
    expectTypeOf(client.company.getBalance()).toEqualTypeOf<Promise<BalanceList>>();
    expectTypeOf<BalanceList>().toEqualTypeOf<Balance[]>();
    expectTypeOf(client.company.createSubAccount)
      .parameter(0)
      .toEqualTypeOf<CreateSubAccountInput>();
    expectTypeOf(client.company.createSubAccount).returns.toEqualTypeOf<Promise<MessageResult>>();
    expectTypeOf(client.company.registerWebhook)
      .parameter(0)
      .toEqualTypeOf<SubAccountWebhookInput>();
    expectTypeOf(client.company.registerWebhook).returns.toEqualTypeOf<Promise<MessageResult>>();
    expectTypeOf(client.company.allowWithdrawalIp('8.8.8.8')).toEqualTypeOf<
      Promise<MessageResult>
    >();
  });

  it('company.getBalance takes nothing, { currency } or { cryptocurrency }, never both', () => {
    expectTypeOf(client.company.getBalance).parameter(0).toEqualTypeOf<BalanceFilter | undefined>();
    const currency = {} as Currency;
    const cryptocurrency = {} as Cryptocurrency;
    expectTypeOf({}).toExtend<BalanceFilter>();
    expectTypeOf({ currency }).toExtend<BalanceFilter>();
    expectTypeOf({ cryptocurrency }).toExtend<BalanceFilter>();
    expectTypeOf({ currency, cryptocurrency }).not.toExtend<BalanceFilter>();
    expectTypeOf({ currency: { name: 'BRL' } }).not.toExtend<BalanceFilter>();
  });

  it('Balance has the contract shape: fiat currency, crypto cryptocurrency, totalAmount, optional totalHeld', () => {
    expectTypeOf<Balance['currency']>().toExtend<{ type: string; name: string } | undefined>();
    expectTypeOf<Balance['cryptocurrency']>().toExtend<
      { name: string; symbol: string } | undefined
    >();
    expectTypeOf<Balance['totalAmount']>().toEqualTypeOf<number>();
    expectTypeOf<Balance['totalHeld']>().toEqualTypeOf<number | undefined>();
    expectTypeOf(brlBalance).returns.toEqualTypeOf<BrlBalance | undefined>();
    expectTypeOf<BrlBalance>().toEqualTypeOf<{
      readonly availableCents: number;
      readonly heldCents: number;
    }>();
  });

  it('a sub-account fee is PERCENTAGE or FIXED with a number', () => {
    type Fee = CreateSubAccountInput['deposit']['currencies'][number]['fee'];
    expectTypeOf<Fee>().toEqualTypeOf<{ type: 'PERCENTAGE' | 'FIXED'; value: number }>();
    expectTypeOf<CreateSubAccountInput['user']['password']>().toEqualTypeOf<string>();
  });

  it('deposits.create takes exactly one of customerId or customer, never both', () => {
    expectTypeOf(client.deposits.create)
      .parameter(0)
      .toEqualTypeOf<DepositRequest | CryptoDepositRequest>();
    expectTypeOf<DepositRequest>().toEqualTypeOf<DepositForCustomerId | DepositForNewCustomer>();
    const currency = {} as Currency;
    const customer = { name: 'Ana Souza', document: '52998224725' };
    expectTypeOf({ amount: 1, customerId: 'c', currency }).toExtend<DepositRequest>();
    expectTypeOf({ amount: 1, customer, currency }).toExtend<DepositRequest>();
    expectTypeOf({ amount: 1, customerId: 'c', customer, currency }).not.toExtend<DepositRequest>();
    expectTypeOf({ amount: 1, currency }).not.toExtend<DepositRequest>();
    expectTypeOf({ amount: 1, customer: { name: 'Ana' }, currency }).not.toExtend<DepositRequest>();
    // @ts-expect-error: customerId and customer together
    buildDeposit({ amount: 1, customerId: 'c', customer, currency });
    // @ts-expect-error: neither customerId nor customer
    buildDeposit({ amount: 1, currency });
    expectTypeOf(
      buildDeposit({ amount: 1, customer, currency }),
    ).toEqualTypeOf<DepositForNewCustomer>();
    expectTypeOf(
      buildDeposit({ amount: 1, customerId: 'c', currency }),
    ).toEqualTypeOf<DepositForCustomerId>();
  });

  it('customers.create: the 200 answer (existing customer) types name, email and document as optional', () => {
    expectTypeOf<CreateCustomerResult['customer']['_id']>().toEqualTypeOf<string>();
    expectTypeOf<CreateCustomerResult['customer']['name']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<CreateCustomerResult['customer']['document']>().toEqualTypeOf<
      string | undefined
    >();
  });

  it('withdrawals.create always returns an externalId string', () => {
    expectTypeOf<CreateWithdrawalResult['externalId']>().toEqualTypeOf<string>();
    expectTypeOf<CreateWithdrawalResult['_id']>().toEqualTypeOf<string>();
    expectTypeOf<CreateWithdrawalResult['message']>().toEqualTypeOf<string>();
  });

  it('TransactionDetails.identifiedDocumentPix is an optional boolean, as the provider documents', () => {
    expectTypeOf<TransactionDetails['identifiedDocumentPix']>().toEqualTypeOf<
      boolean | undefined
    >();
  });

  it('open enums keep the known literals beside string & {}', () => {
    expectTypeOf<PixKey['type']>().toEqualTypeOf<
      'EMAIL' | 'CPF' | 'CNPJ' | 'PHONE' | 'RANDOM' | (string & {})
    >();
    expectTypeOf<'PAID'>().toExtend<CreateWithdrawalResult['status']>();
    expectTypeOf<'SOMETHING_NEW'>().toExtend<CreateWithdrawalResult['status']>();
    expectTypeOf<CreateDepositResult['data']['status']>().toEqualTypeOf<
      FiatTransactionDetails['currency']['status']
    >();
  });

  it('every method takes RequestOptions last', () => {
    expectTypeOf(client.pixKeys.list).parameter(1).toEqualTypeOf<RequestOptions | undefined>();
    expectTypeOf(client.pixKeys.remove).parameter(2).toEqualTypeOf<RequestOptions | undefined>();
    expectTypeOf(client.withdrawals.listCurrencies)
      .parameter(0)
      .toEqualTypeOf<RequestOptions | undefined>();
    // withdrawals.create and pixKeys.ensure take RequestOptions and an option of their own.
    expectTypeOf(client.withdrawals.create)
      .parameter(1)
      .toEqualTypeOf<CreateWithdrawalOptions | undefined>();
    expectTypeOf<RequestOptions>().toExtend<CreateWithdrawalOptions>();
    expectTypeOf(client.pixKeys.ensure)
      .parameter(2)
      .toEqualTypeOf<EnsurePixKeyOptions | undefined>();
    expectTypeOf<RequestOptions>().toExtend<EnsurePixKeyOptions>();
    expectTypeOf(client.deposits.resendWebhook)
      .parameter(1)
      .toEqualTypeOf<RequestOptions | undefined>();
    expectTypeOf(client.customers.update).parameter(2).toEqualTypeOf<RequestOptions | undefined>();
    expectTypeOf(client.company.getBalance)
      .parameter(1)
      .toEqualTypeOf<RequestOptions | undefined>();
    expectTypeOf(client.company.allowWithdrawalIp)
      .parameter(1)
      .toEqualTypeOf<RequestOptions | undefined>();
    expectTypeOf(client.getToken).parameter(0).toEqualTypeOf<RequestOptions | undefined>();
  });

  it('RequestOptions has exactly signal, timeoutMs, maxRetries, headers and onRawResponse, all optional', () => {
    expectTypeOf<RequestOptions>().toEqualTypeOf<{
      readonly signal?: AbortSignal | undefined;
      readonly timeoutMs?: number | undefined;
      readonly maxRetries?: number | undefined;
      readonly headers?: Readonly<Record<string, string>> | undefined;
      readonly onRawResponse?: ((response: RawResponse) => void) | undefined;
    }>();
    expectTypeOf<Record<string, never>>().toExtend<RequestOptions>();
  });

  it('TokenStore and CachedToken have the contract shape; InMemoryTokenStore is one', () => {
    expectTypeOf<TokenStore['get']>().returns.toEqualTypeOf<Promise<CachedToken | undefined>>();
    expectTypeOf<TokenStore['set']>().parameter(0).toEqualTypeOf<CachedToken>();
    expectTypeOf<TokenStore['delete']>().returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf<CachedToken['token']>().toEqualTypeOf<string>();
    expectTypeOf<CachedToken['expiresAt']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<InMemoryTokenStore>().toExtend<TokenStore>();
  });

  it('every TokenStore method may take the account; a store written without it still is one', () => {
    expectTypeOf<TokenStore['get']>().parameter(0).toEqualTypeOf<string | undefined>();
    expectTypeOf<TokenStore['set']>().parameter(1).toEqualTypeOf<string | undefined>();
    expectTypeOf<TokenStore['delete']>().parameter(1).toEqualTypeOf<string | undefined>();
    expectTypeOf<CachedToken['account']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<{
      get(): Promise<CachedToken | undefined>;
      set(token: CachedToken): Promise<void>;
      delete(token?: string): Promise<void>;
    }>().toExtend<TokenStore>();
    expectTypeOf(tokenAccount).returns.toEqualTypeOf<Promise<string>>();
  });

  it('PaymentLoginError names the call that was not sent', () => {
    expectTypeOf<PaymentLoginError>().toExtend<PaymentError>();
    expectTypeOf<PaymentLoginError['method']>().toEqualTypeOf<string>();
    expectTypeOf<PaymentLoginError['path']>().toEqualTypeOf<string>();
  });
});
