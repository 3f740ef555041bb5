// The remote's type follows the in-process controls: same names, each async, and a control
// added in-process without its remote entry fails the type check.
import type {
  FaultHandle,
  InProcessOnlyControls,
  MockAccount,
  MockWithdrawal,
  PaymentServiceMock,
  Remote,
  RemotePaymentServiceMock,
  WebhookDelivery,
} from 'pix-payment-sdk/mock';
import { describe, expectTypeOf, it } from 'vitest';
import type { members, RemoteMembers } from '../../../mock/remote/connect.js';

describe('RemotePaymentServiceMock', () => {
  it('has every control of the in-process mock but handlers and fetch', () => {
    expectTypeOf<keyof RemotePaymentServiceMock>().toEqualTypeOf<
      Exclude<keyof PaymentServiceMock, InProcessOnlyControls>
    >();
  });

  it('turns methods into async ones with the same parameters', () => {
    expectTypeOf<RemotePaymentServiceMock['withdrawals']['settle']>().parameters.toEqualTypeOf<
      Parameters<PaymentServiceMock['withdrawals']['settle']>
    >();
    expectTypeOf<RemotePaymentServiceMock['withdrawals']['settle']>().returns.toEqualTypeOf<
      Promise<WebhookDelivery>
    >();
    expectTypeOf<RemotePaymentServiceMock['withdrawals']['get']>().returns.toEqualTypeOf<
      Promise<MockWithdrawal | undefined>
    >();
    expectTypeOf<RemotePaymentServiceMock['clock']['now']>().returns.toEqualTypeOf<Promise<Date>>();
    expectTypeOf<RemotePaymentServiceMock['reset']>().returns.toEqualTypeOf<Promise<void>>();
  });

  it('turns values into promises, and controls a method returns into their remote', () => {
    expectTypeOf<RemotePaymentServiceMock['webhooks']['url']>().toEqualTypeOf<
      Promise<string | null>
    >();
    expectTypeOf<RemotePaymentServiceMock['requests']>().toEqualTypeOf<
      Promise<PaymentServiceMock['requests']>
    >();
    expectTypeOf<RemotePaymentServiceMock['account']>().returns.toEqualTypeOf<
      Promise<Remote<MockAccount>>
    >();
    expectTypeOf<Awaited<ReturnType<RemotePaymentServiceMock['faults']['inject']>>>().toEqualTypeOf<
      Remote<FaultHandle>
    >();
  });

  it('the table of the remote has an entry for every control', () => {
    expectTypeOf<typeof members>().toExtend<RemoteMembers<PaymentServiceMock>>();
  });

  it('a control family added in-process without its remote entry fails the type check', () => {
    interface CryptoControls {
      quote(amount: string): Promise<string>;
      readonly rate: string;
    }
    type WithCrypto = PaymentServiceMock & { readonly crypto: CryptoControls };
    expectTypeOf<Remote<WithCrypto>['crypto']['quote']>().returns.toEqualTypeOf<Promise<string>>();
    expectTypeOf<Remote<WithCrypto>['crypto']['rate']>().toEqualTypeOf<Promise<string>>();
    expectTypeOf<typeof members>().not.toExtend<RemoteMembers<WithCrypto>>();
  });

  it('a method added to a family without its remote fails the type check', () => {
    type WithMore = Omit<PaymentServiceMock, 'faults'> & {
      readonly faults: PaymentServiceMock['faults'] & { list(): string[] };
    };
    expectTypeOf<typeof members>().not.toExtend<RemoteMembers<WithMore>>();
  });
});
