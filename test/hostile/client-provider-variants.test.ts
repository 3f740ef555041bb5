// Every answer the provider documents parses. The provider advises enabling every webhook event,
// so a Pix merchant also receives its USDT and conversion deliveries, which have no `type`; the
// details of crypto operations carry `cryptocurrency`, with or without `currency`. The examples
// below are the provider's own (webhooks/receive.md, webhooks/withdraw/status.md,
// webhooks/deposit/status.md), replayed as published: through parseWebhookPayload, and as the
// service's answer to withdrawals.get / deposits.get through MSW intercepting real fetch.
import {
  type ConfirmedWebhookEvent,
  type CryptoTransactionDetails,
  type CryptoWebhookPayload,
  createWebhookHandler,
  type FiatTransactionDetails,
  type FiatWebhookPayload,
  isCryptoTransaction,
  PaymentResponseError,
  PaymentValidationError,
  parseWebhookPayload,
  type TransactionDetails,
} from 'pix-payment-sdk';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { useMockService } from '../support/client-mock-service.js';
import { makeClient, rejectionOf } from '../support/client-setup.js';

const service = useMockService();

const webhooks = {
  pix: {
    id: '676071f1*************',
    customerId: '123456*************',
    status: 'PAID',
    name: 'BRL',
    type: 'PIX',
    amount: 2,
    operation: 'DEPOSIT',
  },
  usdtWithdrawal: {
    id: '676070dc*************',
    customerId: '123456*************',
    status: 'PAID',
    name: 'USDT',
    amount: 0.04,
    operation: 'WITHDRAW',
  },
  usdtDeposit: {
    id: '676070*************',
    customerId: '123456*************',
    status: 'PAID',
    name: 'USDT',
    amount: 0.332,
    operation: 'DEPOSIT',
  },
};

const withdrawalDetails = {
  pix: {
    _id: '6996170*******************',
    currency: { name: 'BRL', type: 'PIX', amount: 0.2, status: 'PAID' },
    document: '487********',
    externalId: 'webhook-test-a30c0229',
    identifiedDocumentPix: true,
    customerId: '697e15d*******************',
  },
  usdtToPix: {
    _id: '697ce3d*******************',
    currency: { name: 'BRL', type: 'PIX', amount: 72.86, status: 'PAID' },
    cryptocurrency: {
      name: 'USDT',
      symbol: 'USDT',
      amount: 14,
      status: 'PAID',
      coinGecko: 'tether',
      blockchainNetwork: { name: 'Ethereum', chain: 'Ethereum', symbol: 'ETH', chainId: '1' },
    },
    document: '487********',
    identifiedDocumentPix: true,
    customerId: '68e7b8f*******************',
  },
  usdtToWallet: {
    _id: '691366b*******************',
    cryptocurrency: {
      name: 'USDT',
      symbol: 'USDT',
      amount: 73,
      status: 'PAID',
      coinGecko: 'tether',
      gasFeeAmount: 0.8100194404665713,
      blockchainNetwork: { name: 'BEP-20', chain: 'BSC', symbol: 'BNB', chainId: '56' },
      wallet: '0xcf677a******************************',
    },
    customerId: '691362b*******************',
  },
};

const depositDetails = {
  pix: {
    _id: '6996202*******************',
    currency: { name: 'BRL', type: 'PIX', amount: 0.2, status: 'PAID' },
    document: '487********',
    externalId: 'webhook-test-a30c0229',
    identifiedDocumentPix: true,
    customerId: '697e15d*******************',
  },
  pixToUsdt: {
    _id: '6971c5d*******************',
    currency: { name: 'BRL', type: 'PIX', amount: 0.2, status: 'PAID' },
    cryptocurrency: {
      name: 'USDT',
      symbol: 'USDT',
      amount: 0.037297,
      status: 'PAID',
      coinGecko: 'tether',
      blockchainNetwork: { name: 'Ethereum', chainId: '1' },
    },
    document: '487********',
    identifiedDocumentPix: true,
    customerId: '68e7b8f*******************',
  },
  usdt: {
    _id: '696fbfd*******************',
    cryptocurrency: {
      name: 'USDT',
      symbol: 'USDT',
      amount: 15.019866,
      status: 'PAID',
      coinGecko: 'tether',
      blockchainNetwork: { name: 'BEP-20', chainId: '56' },
    },
    customerId: '68e7b8f*******************',
  },
};

describe('parseWebhookPayload: every delivery the provider documents', () => {
  it('a Pix delivery is fiat: it has its type', () => {
    const payload = parseWebhookPayload(JSON.stringify(webhooks.pix));
    expect(payload).toEqual(webhooks.pix);
    expect(isCryptoTransaction(payload)).toBe(false);
    if (!isCryptoTransaction(payload)) expectTypeOf(payload).toEqualTypeOf<FiatWebhookPayload>();
  });

  it.each([
    ['a USDT withdrawal converted to Pix', webhooks.usdtWithdrawal],
    ['a deposit converted to USDT, or in USDT', webhooks.usdtDeposit],
  ])('%s has no type: it parses, as crypto, whole', (_name, body) => {
    const payload = parseWebhookPayload(JSON.stringify(body));
    expect(payload).toEqual(body);
    expect(isCryptoTransaction(payload)).toBe(true);
    if (isCryptoTransaction(payload)) {
      expectTypeOf(payload).toEqualTypeOf<CryptoWebhookPayload>();
      expect(payload.type).toBeUndefined();
    }
  });

  it('unknown fields are kept', () => {
    const payload = parseWebhookPayload({ ...webhooks.usdtDeposit, network: 'BEP-20', fee: 0.1 });
    expect(payload).toMatchObject({ network: 'BEP-20', fee: 0.1 });
  });

  it('a body that is neither still fails with the path of what is wrong', () => {
    const error = rejectionOf(
      Promise.resolve().then(() => parseWebhookPayload({ ...webhooks.pix, type: 7 })),
    );
    return error.then((caught) => {
      expect(caught).toBeInstanceOf(PaymentValidationError);
      expect((caught as PaymentValidationError).issues.map((issue) => issue.path)).toEqual([
        ['type'],
      ]);
    });
  });
});

describe.each([
  ['withdrawals', '/withdraw', withdrawalDetails],
  ['deposits', '/deposit', depositDetails],
] as const)('%s.get: every details answer the provider documents', (area, prefix, cases) => {
  const answerWith = (body: object, id: string) =>
    service.mock.faults.inject({
      method: 'GET',
      path: `${prefix}/${id}/details`,
      status: 200,
      body,
    });
  const get = (id: string) => makeClient()[area].get(id);

  it.each(Object.entries(cases))('%s parses whole, unknown fields kept', async (_name, body) => {
    answerWith(body, 'abc123');
    const details = await get('abc123');
    expect(details).toEqual(body);
  });

  it('a Pix operation is fiat: currency is there; a conversion carries both', async () => {
    const [pix, conversion] = Object.values(cases);
    answerWith(pix!, 'p1');
    const fiat = await get('p1');
    expect(isCryptoTransaction(fiat)).toBe(false);
    if (!isCryptoTransaction(fiat)) {
      expectTypeOf(fiat).toEqualTypeOf<FiatTransactionDetails>();
      expect(fiat.currency.status).toBe('PAID');
    }
    answerWith(conversion!, 'c1');
    const converted = await get('c1');
    expect(isCryptoTransaction(converted)).toBe(false);
    expect(converted.cryptocurrency?.name).toBe('USDT');
  });

  it('a crypto-only operation has no currency, and says so by its type', async () => {
    const crypto = Object.values(cases)[2]!;
    answerWith(crypto, 'u1');
    const details: TransactionDetails = await get('u1');
    expect(isCryptoTransaction(details)).toBe(true);
    if (isCryptoTransaction(details)) {
      expectTypeOf(details).toEqualTypeOf<CryptoTransactionDetails>();
      expect(details.currency).toBeUndefined();
      expect(details.cryptocurrency).toMatchObject({ name: 'USDT', status: 'PAID' });
    }
  });

  it('an answer with neither currency nor cryptocurrency is a PaymentResponseError', async () => {
    const { currency: _currency, ...bare } = cases.pix;
    answerWith(bare, 'n1');
    const error = await rejectionOf(get('n1'));
    expect(error).toBeInstanceOf(PaymentResponseError);
    expect((error as PaymentResponseError).issues[0]?.path).toEqual(['currency']);
  });
});

describe('createWebhookHandler: a crypto delivery is confirmed by the crypto side of the details', () => {
  it('a USDT withdrawal delivery (no type) is confirmed by cryptocurrency.status', async () => {
    const details = withdrawalDetails.usdtToWallet;
    const payload = { ...webhooks.usdtWithdrawal, id: details._id, customerId: details.customerId };
    service.mock.faults.inject({
      method: 'GET',
      path: `/withdraw/${encodeURIComponent(details._id)}/details`,
      status: 200,
      body: details,
    });
    const events: ConfirmedWebhookEvent[] = [];
    const failures: unknown[] = [];
    const handler = createWebhookHandler({
      client: makeClient(),
      onEvent: (event) => {
        events.push(event);
      },
      onError: (error) => failures.push(error),
    });
    const answer = await handler(
      new Request('https://shop.example/webhooks/pix', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      }),
    );
    expect(answer.status).toBe(200);
    await handler.idle();
    expect(failures).toEqual([]);
    expect(events).toMatchObject([{ id: details._id, status: 'PAID', details }]);
  });
});
