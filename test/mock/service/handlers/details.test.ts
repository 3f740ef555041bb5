// Details of withdrawals and deposits: `identifiedDocumentPix` is a boolean, per the provider's
// public docs, set by settle (the JS control and the HTTP control route alike).
// Every test runs through MSW's setupServer, through mock.fetch and over real HTTP.
import { describe, expect, it } from 'vitest';
import {
  depositCurrency,
  type MockSession,
  mockPerTest,
  withdrawalFixture,
} from '../../../support/mock-suite.js';
import { mockTransports } from '../../../support/mock-transports.js';

describe.each(mockTransports())('Transaction details through $name', (transport) => {
  let { h, api, token, customerId } = {} as MockSession;
  mockPerTest(transport, (session) => {
    ({ h, api, token, customerId } = session);
  });

  async function newDeposit(): Promise<string> {
    const currency = await depositCurrency(api, token);
    const created = await api.call('POST', '/deposit', {
      token,
      body: { amount: 3, customerId, currency },
    });
    return (created.body as { data: { id: string } }).data.id;
  }

  async function newWithdrawal(): Promise<string> {
    const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
    const created = await api.call('POST', '/withdraw', {
      token,
      body: { amount: 3, customerId, currency, pixKey },
    });
    return (created.body as { _id: string })._id;
  }

  it('details leave identifiedDocumentPix out until settle sets it', async () => {
    const id = await newDeposit();
    const details = await api.call('GET', `/deposit/${id}/details`, { token });
    expect(details.status).toBe(200);
    expect(details.body).not.toHaveProperty('identifiedDocumentPix');
  });

  it('mock.deposits.settle(…, { identifiedDocumentPix: true }) shows the boolean true in the details', async () => {
    const id = await newDeposit();
    await h.mock.deposits.settle(id, 'PAID', { identifiedDocumentPix: true });
    const details = await api.call('GET', `/deposit/${id}/details`, { token });
    expect(details.body).toMatchObject({
      identifiedDocumentPix: true,
      currency: { status: 'PAID' },
    });
    expect(h.mock.deposits.get(id)?.identifiedDocumentPix).toBe(true);
  });

  it('mock.withdrawals.settle(…, { identifiedDocumentPix: false }) shows the boolean false', async () => {
    const id = await newWithdrawal();
    await h.mock.withdrawals.settle(id, 'ERROR', { identifiedDocumentPix: false });
    const details = await api.call('GET', `/withdraw/${id}/details`, { token });
    expect(details.body).toMatchObject({
      identifiedDocumentPix: false,
      currency: { status: 'ERROR' },
    });
  });

  it('settle with a document string is a TypeError naming the field, and changes nothing', async () => {
    const id = await newDeposit();
    await expect(
      h.mock.deposits.settle(id, 'PAID', { identifiedDocumentPix: '52998224725' as never }),
    ).rejects.toThrow(
      new TypeError(
        'identifiedDocumentPix must be a boolean (whether the Pix network validated the document), got string',
      ),
    );
    expect(h.mock.deposits.get(id)).toMatchObject({ status: 'WAITING_PAYMENT' });
    expect(h.mock.deposits.get(id)).not.toHaveProperty('identifiedDocumentPix');
    expect(h.mock.webhooks.deliveries).toHaveLength(0);
  });

  it('POST /__mock/deposits/{id}/settle takes identifiedDocumentPix: true', async () => {
    const id = await newDeposit();
    const settled = await api.call('POST', `/__mock/deposits/${id}/settle`, {
      body: { status: 'PAID', identifiedDocumentPix: true },
    });
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({
      deposit: { _id: id, status: 'PAID', identifiedDocumentPix: true },
    });
    const details = await api.call('GET', `/deposit/${id}/details`, { token });
    expect(details.body).toMatchObject({ identifiedDocumentPix: true });
  });

  it('POST /__mock/withdrawals/{id}/settle answers 400 naming the field for a string or null, and changes nothing', async () => {
    const id = await newWithdrawal();
    for (const [value, kind] of [
      ['52998224725', 'string'],
      [null, 'null'],
      [1, 'number'],
    ] as const) {
      const refused = await api.call('POST', `/__mock/withdrawals/${id}/settle`, {
        body: { status: 'PAID', identifiedDocumentPix: value },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        message: 'Bad Request',
        detail: `identifiedDocumentPix must be a boolean (whether the Pix network validated the document), got ${kind}`,
      });
    }
    expect(h.mock.withdrawals.get(id)).toMatchObject({ status: 'PENDING' });
    expect(h.mock.withdrawals.get(id)).not.toHaveProperty('identifiedDocumentPix');
    expect(h.mock.webhooks.deliveries).toHaveLength(0);
  });
});
