// pixKeys.ensure never answers with a key other than the one asked for. When the service masks the
// keys it lists, a key "already registered" (404) may belong to another customer while this
// customer has a key that looks alike once masked; a payout to the key ensure returns would then
// reach the wrong key. Every test runs through MSW against the mock with masked keys, the way the
// provider's examples show them.
import { isPixKeyConflictError, PaymentError, PixKeyConflictError } from 'pix-payment-sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import { useMockService } from '../support/client-mock-service.js';
import { makeClient, rejectionOf } from '../support/client-setup.js';

const service = useMockService({ maskKeys: true });
const WANTED = '+5561912345678';

let customerId: string;
beforeEach(() => {
  customerId = service.mock.customers.seeded._id;
});

/** Registers a key through the service's API (not the client under test); returns it as answered. */
async function register(owner: string, type: string, key: string) {
  const { key: added } = (await service.api('POST', `/pix/customer/${owner}/key`, {
    type,
    key,
  })) as { key: { key: string; type: string; _id: string } };
  return added;
}

describe('pixKeys.ensure: a key it cannot prove is refused with PixKeyConflictError', () => {
  it("a key registered to another customer is never answered with this customer's lookalike", async () => {
    const other = service.mock.customers.create();
    await register(other._id, 'PHONE', WANTED);
    // Masked, this one reads '+5561*********', as the wanted key would.
    await register(customerId, 'PHONE', '+5561911111111');
    await register(customerId, 'PHONE', '+5511987654321');
    const error = await rejectionOf(
      makeClient().pixKeys.ensure(customerId, { type: 'PHONE', key: WANTED }),
    );
    expect(error).toBeInstanceOf(PixKeyConflictError);
    expect(error).toBeInstanceOf(PaymentError);
    expect(error).toMatchObject({ reason: 'ambiguous', keyType: 'PHONE', customerId });
    expect(service.mock.pixKeys.list(customerId)).toHaveLength(2);
  });

  it('a key registered to another customer, with no key of this customer that fits, is not-listed', async () => {
    const other = service.mock.customers.create();
    await register(other._id, 'PHONE', WANTED);
    await register(customerId, 'EMAIL', 'ana@example.com');
    const error = await rejectionOf(
      makeClient().pixKeys.ensure(customerId, { type: 'PHONE', key: WANTED }),
    );
    expect(isPixKeyConflictError(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'PixKeyConflictError',
      reason: 'not-listed',
      keyType: 'PHONE',
      candidates: [],
    });
    // The 404 that started it is kept as the cause.
    expect((error as PixKeyConflictError).cause).toMatchObject({ status: 404, method: 'POST' });
  });

  it('two masked keys that both fit: refused as ambiguous, both offered as candidates, nothing added', async () => {
    const other = service.mock.customers.create();
    await register(other._id, 'PHONE', WANTED);
    const first = await register(customerId, 'PHONE', '+5561911111111');
    const second = await register(customerId, 'PHONE', '+5561922222222');
    expect(first.key).toBe(second.key);
    const error = await rejectionOf(
      makeClient().pixKeys.ensure(customerId, { type: 'PHONE', key: WANTED }),
    );
    expect(error).toBeInstanceOf(PixKeyConflictError);
    expect(error).toMatchObject({ reason: 'ambiguous', candidates: [first, second] });
    expect(service.mock.pixKeys.list(customerId)).toHaveLength(2);
  });

  it('the error shows neither the key asked for nor its digits, in message, JSON or inspect', async () => {
    await register(service.mock.customers.create()._id, 'PHONE', WANTED);
    const error = await rejectionOf(
      makeClient().pixKeys.ensure(customerId, { type: 'PHONE', key: WANTED }),
    );
    const { inspect } = await import('node:util');
    for (const shown of [
      String(error),
      JSON.stringify(error),
      inspect(error, { depth: 8, showHidden: true }),
    ]) {
      expect(shown).not.toContain('912345678');
    }
  });
});

describe('pixKeys.ensure: a masked lookalike is never answered by default', () => {
  it("the customer's own key, masked, the only one of its type: ambiguous, offered as the candidate", async () => {
    const masked = await register(customerId, 'PHONE', WANTED);
    service.markJournal();
    const error = await rejectionOf(
      makeClient().pixKeys.ensure(customerId, { type: 'PHONE', key: WANTED }),
    );
    expect(error).toMatchObject({
      name: 'PixKeyConflictError',
      reason: 'ambiguous',
      outcome: 'refused',
      candidates: [masked],
    });
    expect(service.mock.pixKeys.list(customerId)).toHaveLength(1);
  });

  it("another customer holds the key, this customer's only phone looks alike: refused, and opting in is what takes the lookalike", async () => {
    await register(service.mock.customers.create()._id, 'PHONE', WANTED);
    const lookalike = await register(customerId, 'PHONE', '+5561911111111');
    const error = await rejectionOf(
      makeClient().pixKeys.ensure(customerId, { type: 'PHONE', key: WANTED }),
    );
    expect(error).toMatchObject({ reason: 'ambiguous', candidates: [lookalike] });
    // The risk the option names: the key answered is not the one asked for.
    const taken = await makeClient().pixKeys.ensure(
      customerId,
      { type: 'PHONE', key: WANTED },
      { acceptMaskedMatch: true },
    );
    expect(taken).toEqual(lookalike);
  });

  it('acceptMaskedMatch anything but true is not an opt-in', async () => {
    await register(customerId, 'PHONE', WANTED);
    for (const acceptMaskedMatch of [false, undefined, 'true', 1]) {
      const error = await rejectionOf(
        makeClient().pixKeys.ensure(customerId, { type: 'PHONE', key: WANTED }, {
          acceptMaskedMatch,
        } as never),
      );
      expect(error).toMatchObject({ name: 'PixKeyConflictError', reason: 'ambiguous' });
    }
  });
});

describe('pixKeys.ensure: a key it can prove is answered', () => {
  it('exact: a listed key equal to the one asked for is returned, without adding', async () => {
    service.restart({ maskKeys: false });
    customerId = service.mock.customers.seeded._id;
    const added = await register(customerId, 'PHONE', WANTED);
    await register(customerId, 'PHONE', '+5561911111111');
    service.markJournal();
    const key = await makeClient().pixKeys.ensure(customerId, {
      type: 'PHONE',
      key: '+55 (61) 91234-5678',
    });
    expect(key).toEqual(added);
    expect(service.calls()).toEqual([`GET /pix/customer/${customerId}/key`]);
  });

  it('exact after a 404: the key the add registered, though its answer was lost, is found by the second list', async () => {
    service.restart({ maskKeys: false });
    customerId = service.mock.customers.seeded._id;
    await register(customerId, 'PHONE', '+5561911111111');
    // The add is processed, then answered 404, as when another process registered it meanwhile.
    service.mock.faults.inject({
      method: 'POST',
      path: `/pix/customer/${customerId}/key`,
      status: 404,
      body: { message: 'Not Found' },
      phase: 'after',
    });
    const key = await makeClient().pixKeys.ensure(customerId, { type: 'PHONE', key: WANTED });
    expect(key).toMatchObject({ key: WANTED, type: 'PHONE' });
    expect(service.mock.pixKeys.list(customerId).map((listed) => listed.key)).toContain(WANTED);
  });

  it('single fit, opted in: the only masked key of that type that fits is returned after the 404', async () => {
    const masked = await register(customerId, 'PHONE', WANTED);
    await register(customerId, 'EMAIL', 'ana@example.com');
    service.markJournal();
    const key = await makeClient().pixKeys.ensure(
      customerId,
      { type: 'PHONE', key: WANTED },
      { acceptMaskedMatch: true },
    );
    expect(key).toEqual(masked);
    expect(service.calls().map((call) => call.split(' ')[0])).toEqual(['GET', 'POST', 'GET']);
  });

  it('a masked key of another length never fits', async () => {
    const other = service.mock.customers.create();
    await register(other._id, 'EMAIL', 'ana@example.com');
    // Masked 'ana' and 15 '*' (18 characters) against 'ana@example.com' (15).
    await register(customerId, 'EMAIL', 'ana@example.com.br');
    const error = await rejectionOf(
      makeClient().pixKeys.ensure(customerId, { type: 'EMAIL', key: 'ana@example.com' }),
    );
    expect(error).toMatchObject({ name: 'PixKeyConflictError', reason: 'not-listed' });
  });
});
