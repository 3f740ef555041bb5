// deposits.create checks the Pix code of the answer before handing it over: a code that is not a
// Pix code, fails its checksum or asks another amount is a PaymentResponseError that says not to
// show it and that the deposit was created. Through MSW, the mock's answer edited on its way to
// the client (over real HTTP: test/client/deposit-code-real-http.test.ts).
import { http } from 'msw';
import { buildDeposit, PaymentResponseError, parseBrCode } from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';
import { CODE_EDITS, resealed } from '../../support/br-code-edits.js';
import { BASE_URL, PASSWORD, useMockService } from '../../support/client-mock-service.js';
import { makeClient, rejectionOf } from '../../support/client-setup.js';

const service = useMockService();

// Answers POST /deposit from the mock, with the code edited.
function editDepositCode(edit: (code: string) => string): void {
  service.server.use(
    http.post(`${BASE_URL}/deposit`, async ({ request }) => {
      const answer = await service.mock.fetch(request);
      const body = (await answer.json()) as { data: { code: string } };
      body.data.code = edit(body.data.code);
      return Response.json(body, { status: answer.status });
    }),
  );
}

describe('deposits.create: the Pix code of the answer, through MSW', () => {
  it('hands over the mock’s code: a dynamic Pix code for the amount asked', async () => {
    const f = await service.arrange();
    const { data } = await makeClient().deposits.create(
      buildDeposit({ amount: '25.00', customerId: f.customerId, currency: f.depositCurrency }),
    );
    expect(parseBrCode(data.code)).toMatchObject({ kind: 'dynamic', amount: '25.00' });
  });

  it('takes a code without an amount, as the provider’s deposit example is', async () => {
    const f = await service.arrange();
    editDepositCode((code) => resealed(code, (content) => content.replace('540525.00', '')));
    const { data } = await makeClient().deposits.create(
      buildDeposit({ amount: '25.00', customerId: f.customerId, currency: f.depositCurrency }),
    );
    expect(parseBrCode(data.code).amount).toBeUndefined();
  });

  it.each(CODE_EDITS)(
    'refuses $name: do not show it, the deposit was created',
    async ({ edit, issue }) => {
      const f = await service.arrange();
      editDepositCode(edit);
      const before = service.mock.deposits.list().length;
      const error = await rejectionOf(
        makeClient().deposits.create(
          buildDeposit({
            amount: '25.00',
            customerId: f.customerId,
            currency: f.depositCurrency,
            externalId: 'order-77',
          }),
        ),
      );
      expect(error).toBeInstanceOf(PaymentResponseError);
      const refused = error as PaymentResponseError;
      expect(refused.issues[0]?.path).toEqual(['data', 'code']);
      expect(refused.message).toContain(issue);
      expect(refused.message).toContain('Do not show this QR code to the payer');
      // The service acted: the outcome says so, and nothing tells the caller to repeat.
      expect(refused.outcome).toBe('acted');
      // The deposit exists at the service, once: the error names it, and it was not sent again.
      const created = service.mock.deposits.list().at(-1);
      expect(service.mock.deposits.list()).toHaveLength(before + 1);
      expect(refused.message).toContain(`The service did create the deposit (id "${created?._id}"`);
      expect(refused.message).toContain('externalId "order-77"');
      expect((refused.body as { data: { id: string } }).data.id).toBe(created?._id);
      expect(service.calls()).toEqual(['POST /deposit']);
    },
  );

  it('never repeats a secret the answer carries: a deposit id that is the password is redacted', async () => {
    const f = await service.arrange();
    service.server.use(
      http.post(`${BASE_URL}/deposit`, async ({ request }) => {
        const answer = await service.mock.fetch(request);
        const body = (await answer.json()) as { data: { code: string; id: string } };
        body.data.code = 'not a code';
        body.data.id = PASSWORD;
        return Response.json(body, { status: answer.status });
      }),
    );
    const error = await rejectionOf(
      makeClient().deposits.create(
        buildDeposit({ amount: '25.00', customerId: f.customerId, currency: f.depositCurrency }),
      ),
    );
    expect(error).toBeInstanceOf(PaymentResponseError);
    expect((error as Error).message).toContain(
      'The service did create the deposit (id "[redacted]"',
    );
    expect(JSON.stringify(error) + (error as Error).message).not.toContain(PASSWORD);
  });

  it('compares amounts as exact values: 25 asked and 25.00 in the code are the same', async () => {
    const f = await service.arrange();
    const { data } = await makeClient().deposits.create(
      buildDeposit({ amount: 25, customerId: f.customerId, currency: f.depositCurrency }),
    );
    expect(parseBrCode(data.code).amount).toBe('25.00');
  });
});
