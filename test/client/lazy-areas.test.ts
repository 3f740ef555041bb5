// The areas a Pix-only application never calls, the company account and the crypto rails' body
// checks, are loaded by `import()` at their first call. Their first calls work over MSW, made all
// at once or one by one; a bundler leaves their code out of a Pix-only bundle. A client without a
// tokenStore spends nothing on the token's binding on its first call.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { InMemoryTokenStore } from 'pix-payment-sdk';
import { describe, expect, it, vi } from 'vitest';
import { measureEntry } from '../../bench/size-entry.mjs';
import { AREA_MODELS } from '../../scripts/area-copies.js';
import { onFirstUse } from '../../src/core/lazy.js';
import { useMockService } from '../support/client-mock-service.js';
import { makeClient } from '../support/client-setup.js';

const service = useMockService({ balance: { BRL: '100.00', USDT: '50' } });

// The client from a module graph of its own, so that no earlier test has loaded an area yet.
async function freshPackage() {
  vi.resetModules();
  return import('pix-payment-sdk');
}

describe('areas loaded at their first call', () => {
  it('company and crypto calls made all at once on a fresh client all answer, from one loaded copy of each area', async () => {
    const sdk = await freshPackage();
    const client = new sdk.PaymentClient({
      baseUrl: service.mock.baseUrl,
      ...service.mock.credentials,
    });
    const currency = sdk.selectCurrency(await client.deposits.listCurrencies(), 'BRL');
    const [cryptocurrency] = await client.withdrawals.listCryptocurrencies();
    const [network] = await client.withdrawals.listNetworks();
    if (!cryptocurrency || !network) throw new Error('the mock lists USDT and its networks');

    const [all, again, byWithdrawal, toWallet, byDeposit, badIp] = await Promise.all([
      client.company.getBalance(),
      client.company.getBalance({ currency }),
      client.withdrawals.quote({ amount: '10', cryptocurrency }),
      client.withdrawals.quoteToWallet({
        amount: '10',
        cryptocurrency,
        blockchainNetwork: network,
      }),
      client.deposits.quote({ amount: '100.00', currency }),
      client.company.allowWithdrawalIp('not-an-ip').catch((error: unknown) => error),
    ]);
    expect(sdk.brlBalance(all)).toEqual({ availableCents: 10_000, heldCents: 0 });
    expect(sdk.brlBalance(again)).toEqual({ availableCents: 10_000, heldCents: 0 });
    expect(byWithdrawal.rate).toMatch(/^\d+(\.\d+)?$/);
    expect(typeof toWallet.amount).toBe('number');
    expect(byDeposit.rate).toMatch(/^\d+(\.\d+)?$/);
    // The error thrown by the loaded area is the entry's own class, not a second copy of it.
    expect(badIp).toBeInstanceOf(sdk.PaymentValidationError);
    expect((badIp as InstanceType<typeof sdk.PaymentValidationError>).issues).toEqual([
      { path: ['ip'], message: 'must be an IPv4 or IPv6 address' },
    ]);
  });

  it('a crypto withdrawal as the first call of a fresh client checks its USDT amount and is created once', async () => {
    const sdk = await freshPackage();
    const client = new sdk.PaymentClient({
      baseUrl: service.mock.baseUrl,
      ...service.mock.credentials,
    });
    const customerId = service.mock.customers.seeded._id;
    const currency = sdk.selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
    const [cryptocurrency] = await client.withdrawals.listCryptocurrencies();
    const pixKey = await client.pixKeys.ensure(customerId, {
      type: 'EMAIL',
      key: 'lazy@example.com',
    });
    const request = sdk.buildCryptoWithdrawal({
      amount: '1.5',
      customerId,
      currency,
      cryptocurrency: cryptocurrency as NonNullable<typeof cryptocurrency>,
      pixKey,
      externalId: 'lazy-first',
    });
    const tooPrecise = { ...request, amount: 1.1234567, externalId: 'lazy-seventh-decimal' };
    const [created, refused] = await Promise.all([
      client.withdrawals.create(request),
      client.withdrawals.create(tooPrecise).catch((error: unknown) => error),
    ]);
    expect(created).toMatchObject({ status: 'PENDING', externalId: 'lazy-first' });
    expect(refused).toBeInstanceOf(sdk.PaymentValidationError);
    expect(
      service.journal().filter((entry) => entry.operation === 'withdrawals.create'),
    ).toHaveLength(1);
  });
});

describe('the first call without a tokenStore', () => {
  it('logs in and answers without working out the token binding; with a store it is worked out once', async () => {
    const digest = vi.spyOn(globalThis.crypto.subtle, 'digest');
    const own = makeClient();
    expect((await own.withdrawals.listCurrencies()).length).toBeGreaterThan(0);
    expect(await own.getToken()).toMatch(/^[!-~]+$/);
    expect(digest).not.toHaveBeenCalled();

    const store = new InMemoryTokenStore();
    const shared = makeClient({ tokenStore: store });
    await shared.withdrawals.listCurrencies();
    await shared.withdrawals.listCurrencies();
    expect(digest).toHaveBeenCalledTimes(1);
    expect((await store.get(await shared.account()))?.token).toBe(await shared.getToken());
    expect(service.journal().filter((entry) => entry.operation === 'auth.getToken')).toHaveLength(
      2,
    );
  });
});

describe('onFirstUse', () => {
  it('concurrent first callers share one load and one module; later callers get it again', async () => {
    let loads = 0;
    const load = onFirstUse(async () => {
      loads += 1;
      return import('../../src/resources/company-calls.js');
    });
    const [first, second, third] = await Promise.all([load(), load(), load()]);
    expect(loads).toBe(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(await load()).toBe(first);
    expect(loads).toBe(1);
  });

  it('a failed load is forgotten: the next call loads again', async () => {
    let loads = 0;
    const load = onFirstUse(async () => {
      loads += 1;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return import('../../src/resources/crypto.js');
    });
    await expect(Promise.all([load(), load()])).rejects.toThrow('Failed to fetch');
    expect(loads).toBe(1);
    const module = await load();
    expect(typeof module.depositQuoteBody).toBe('function');
    expect(loads).toBe(2);
  });
});

describe('a Pix-only bundle', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));

  it('leaves the company calls and the crypto body checks in chunks of their own', async () => {
    const { inputs, lazy } = await measureEntry(root, 'src/index.ts');
    const loaded = inputs.map((input) => input.path);
    expect(loaded).toContain('src/resources/company.ts');
    expect(loaded).toContain('node_modules/ky/distribution/core/Ky.js');
    expect(loaded).not.toContain('src/resources/company-calls.ts');
    expect(loaded).not.toContain('src/resources/crypto.ts');
    expect(lazy.map((chunk) => chunk.name).sort()).toEqual([
      'src/resources/company-calls.ts',
      'src/resources/crypto.ts',
    ]);
  });

  it('carries none of the crypto and company models: the chunks of those areas take their own copies', async () => {
    const { inputs, lazy } = await measureEntry(root, 'src/index.ts');
    const loaded = inputs.map((input) => input.path);
    for (const model of [...AREA_MODELS, 'src/models/amount-texts.ts']) {
      expect(loaded).not.toContain(model);
      expect(loaded).not.toContain(`${model}?area`);
    }
    const inAreas = lazy.flatMap((chunk) => chunk.inputs.map((input) => input.path));
    for (const model of AREA_MODELS) expect(inAreas).toContain(`${model}?area`);
    // The balance texts' map is written by the company chunk and read by brlBalance: one module.
    expect(inAreas).toContain('src/models/amount-texts.ts');
    expect(inAreas).not.toContain('src/models/amount-texts.ts?area');
  });

  it('copies only models that hold no state of their own, so that a copy behaves as the original', () => {
    for (const model of AREA_MODELS) {
      const text = readFileSync(new URL(`../../${model}`, import.meta.url), 'utf8');
      // Top-level bindings that could hold state: `let`, `var`, maps, sets, symbols, classes.
      expect(text, model).not.toMatch(/^(export\s+)?(let|var)\s/m);
      expect(text, model).not.toMatch(/^(export\s+)?const\s+[^=]+=\s*(new\s|Symbol\()/m);
      expect(text, model).not.toMatch(/^(export\s+)?(abstract\s+)?class\s/m);
    }
  });
});
