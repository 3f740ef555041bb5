// runConformance against real services on 127.0.0.1: the mock itself, and a proxy in front of it
// that drifts.
import {
  isPaymentApiError,
  isPaymentConnectionError,
  isPaymentTimeoutError,
  isPaymentValidationError,
} from 'pix-payment-sdk';
import { runConformance } from 'pix-payment-sdk/mock';
import { describe, expect, it } from 'vitest';
import {
  differences,
  EXPECTED_DRIFT,
  JWT,
  serviceFixtures,
} from '../../support/conformance-service.js';
import { refusedUrl, startReceiver } from '../../support/mock-receiver.js';

const { service, drifted, later } = serviceFixtures();
const WRITES = ['POST /deposit', 'POST /withdraw'];

describe('runConformance', () => {
  it('against the mock over real HTTP every check agrees, and nothing is written', async () => {
    const served = await service();
    const { url, email, password, customerId } = served;
    const before = served.running.mock.requests.length;
    const report = await runConformance({ baseUrl: url, email, password, customerId });

    expect(report.differ).toBe(0);
    expect(report.agree).toBe(report.checks.length);
    const operations = new Set(report.checks.map((check) => check.operation));
    expect([...operations].sort()).toEqual([
      'GET /crypto/customer/{CLIENT_ID}/wallet',
      'GET /customer/{CLIENT_ID}',
      'GET /deposit/company/blockchain-networks',
      'GET /deposit/company/cryptocurrencies',
      'GET /deposit/company/currencies',
      'GET /deposit/{TRANSACTION_ID}/details',
      'GET /pix/customer/{CLIENT_ID}/key',
      'GET /withdraw/company/blockchain-networks',
      'GET /withdraw/company/cryptocurrencies',
      'GET /withdraw/company/currencies',
      'GET /withdraw/{TRANSACTION_ID}/details',
      'POST /auth/token',
      'POST /balance/company',
      'POST /deposit/conversion/tether',
      'POST /withdraw/conversion/brl/pix',
      'POST /withdraw/transaction/crypto/amount',
    ]);
    // Both customers have a key, so a listed key's fields are compared, by type.
    expect(report.checks).toContainEqual({
      operation: 'GET /pix/customer/{CLIENT_ID}/key',
      scenario: 'the given customer',
      check: 'body[]._id',
      service: 'object id',
      mock: 'object id',
      agree: true,
    });
    expect(report.skipped.map((skip) => `${skip.operation} (${skip.scenario})`)).toEqual([
      'DELETE /pix/customer/{CLIENT_ID}/key/remove/{KEY_ID} (no Authorization header)',
      'DELETE /pix/customer/{CLIENT_ID}/key/remove/{KEY_ID} (unknown key)',
      'POST /pix/customer/{CLIENT_ID}/key (malformed Pix key)',
      'POST /pix/customer/{CLIENT_ID}/key (a new e-mail key (removed next))',
      'DELETE /pix/customer/{CLIENT_ID}/key/remove/{KEY_ID} (the key just added)',
      'PUT /customer/{CLIENT_ID} (no Authorization header)',
      'POST /withdraw/{TRANSACTION_ID}/resend/webhook (unknown transaction)',
      'POST /deposit/{TRANSACTION_ID}/resend/webhook (unknown transaction)',
      'POST /withdraw/{TRANSACTION_ID}/resend/webhook (an invalid id)',
      'POST /withdraw/{TRANSACTION_ID}/resend/webhook (no Authorization header)',
      'POST /company/subaccount (no Authorization header)',
      'POST /webhook/subaccount (no Authorization header)',
      'POST /withdraw/allowed-ip/subaccount (no Authorization header)',
      'POST /deposit (one cent)',
      'POST /deposit (the one-cent deposit’s externalId again, for two cents)',
      'GET /deposit/{TRANSACTION_ID}/details (the one-cent deposit)',
      'POST /deposit/{TRANSACTION_ID}/resend/webhook (the one-cent deposit)',
      'POST /withdraw (one cent)',
      'GET /withdraw/{TRANSACTION_ID}/details (the one-cent withdrawal)',
      'POST /withdraw/{TRANSACTION_ID}/resend/webhook (the one-cent withdrawal)',
    ]);
    expect(report.skipped[0]?.reason).toContain('a lenient service could act on it');
    expect(report.skipped[2]?.reason).toContain('would store it');
    expect(report.observed).toEqual([]);

    const { mock } = served.running;
    expect(mock.withdrawals.list()).toEqual([]);
    expect(mock.deposits.list()).toEqual([]);
    expect(mock.pixKeys.list()).toHaveLength(1);
    // Only reads and the login went out: no DELETE of a made-up key, no probe of a route that
    // changes data, which a lenient service could act on. The balance and the crypto quotes are
    // reads sent with a POST.
    const reads = new Set([
      'POST /auth/token',
      'POST /balance/company',
      'POST /deposit/conversion/tether',
      'POST /withdraw/conversion/brl/pix',
      'POST /withdraw/transaction/crypto/amount',
    ]);
    const sent = mock.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((request) => !request.startsWith('GET ') && !reads.has(request))).toEqual(
      [],
    );
  });

  it('without a customerId, the scenarios that need a customer are skipped with the reason', async () => {
    const { url, email, password } = await service();
    const report = await runConformance({ baseUrl: url, email, password });

    expect(report.differ).toBe(0);
    const reasons = report.skipped.filter((skip) => skip.reason.includes('customerId'));
    expect(reasons.map((skip) => `${skip.operation} (${skip.scenario})`)).toEqual([
      'GET /pix/customer/{CLIENT_ID}/key (the given customer)',
      'GET /customer/{CLIENT_ID} (the given customer)',
      'GET /crypto/customer/{CLIENT_ID}/wallet (the given customer)',
    ]);
    expect(report.checks.some((check) => check.scenario === 'the given customer')).toBe(false);
  });

  it('allowWrites creates one deposit and one withdrawal of one cent each, and they agree', async () => {
    const served = await service();
    const { url, email, password, customerId } = served;
    const report = await runConformance({
      baseUrl: url,
      email,
      password,
      customerId,
      allowWrites: true,
    });

    expect(report.differ).toBe(0);
    expect(report.skipped).toEqual([]);
    for (const operation of WRITES) {
      expect(report.checks).toContainEqual(
        expect.objectContaining({ operation, check: 'status', agree: true }),
      );
    }
    const { mock } = served.running;
    expect(mock.deposits.list().map((d) => [d.amount, d.customerId])).toEqual([[0.01, customerId]]);
    expect(mock.withdrawals.list().map((w) => [w.amount, w.customerId])).toEqual([
      [0.01, customerId],
    ]);
    expect(mock.withdrawals.list()[0]?.externalId).toMatch(/^pix-payment-sdk-conformance-/);
  });

  it('allowWrites sends the deposit’s externalId again for two cents and reports each answer, not counted', async () => {
    const served = await service();
    const { url, email, password, customerId } = served;
    const scenario = 'the one-cent deposit’s externalId again, for two cents';
    const question = 'a repeated externalId with another amount';
    const run = (baseUrl: string) =>
      runConformance({ baseUrl, email, password, customerId, allowWrites: true });

    const refusing = await run(url);
    expect(refusing.observed).toEqual([
      {
        operation: 'POST /deposit',
        scenario,
        question,
        service: '409 "Conflict": refused',
        mock: '409 "Conflict": refused',
      },
    ]);
    expect(refusing.checks.some((check) => check.scenario === scenario)).toBe(false);
    const deposits = served.running.mock.deposits.list();
    expect(deposits.map((deposit) => deposit.amount)).toEqual([0.01]);

    // A service that answers the first deposit again (it sees the first body), and one that
    // creates a second deposit (it sees another externalId): reported, and still no difference.
    const replaying = await drifted(
      url,
      () => undefined,
      (method, path, body) =>
        method === 'POST' && path === '/deposit'
          ? body.replace('"amount":0.02', '"amount":0.01')
          : body,
    );
    const replayed = await run(replaying.url);
    expect(replayed.observed[0]?.service).toBe(
      '201 "Pix Gerado com Sucesso": the first deposit again (same id)',
    );
    expect(replayed.observed[0]?.mock).toBe('409 "Conflict": refused');
    expect(replayed.differ).toBe(0);
    const duplicating = await drifted(
      url,
      () => undefined,
      (method, path, body) =>
        method === 'POST' && path === '/deposit' && body.includes('"amount":0.02')
          ? body.replace('conformance-deposit-', 'conformance-other-deposit-')
          : body,
    );
    const duplicated = await run(duplicating.url);
    expect(duplicated.observed[0]?.service).toBe(
      '201 "Pix Gerado com Sucesso": a second deposit (another id)',
    );
    expect(duplicated.differ).toBe(0);
  });

  it('allowWrites adds a Pix key, compares the answer, and removes it with the delete operation', async () => {
    const served = await service();
    const { url, email, password, customerId } = served;
    const { mock } = served.running;
    const keysBefore = mock.pixKeys.list(customerId);
    const before = mock.requests.length;
    const report = await runConformance({
      baseUrl: url,
      email,
      password,
      customerId,
      allowWrites: true,
    });

    expect(report.differ).toBe(0);
    expect(report.checks).toContainEqual({
      operation: 'POST /pix/customer/{CLIENT_ID}/key',
      scenario: 'a new e-mail key (removed next)',
      check: 'body.message',
      service: '"Chave Pix adicionada com sucesso"',
      mock: '"Chave Pix adicionada com sucesso"',
      agree: true,
    });
    expect(report.checks).toContainEqual({
      operation: 'DELETE /pix/customer/{CLIENT_ID}/key/remove/{KEY_ID}',
      scenario: 'the key just added',
      check: 'body.message',
      service: '"Chave Pix removida com sucesso"',
      mock: '"Chave Pix removida com sucesso"',
      agree: true,
    });
    for (const operation of [
      'POST /deposit/{TRANSACTION_ID}/resend/webhook',
      'POST /withdraw/{TRANSACTION_ID}/resend/webhook',
    ]) {
      expect(report.checks).toContainEqual(
        expect.objectContaining({
          operation,
          scenario: expect.stringMatching(/one-cent/),
          agree: true,
        }),
      );
    }
    // The customer has the keys it had, and the key was added and removed on the service.
    expect(mock.pixKeys.list(customerId)).toEqual(keysBefore);
    const keyCalls = mock.requests
      .slice(before)
      .filter((r) => r.path.startsWith(`/pix/customer/${customerId}/key`) && r.method !== 'GET')
      .map((r) => `${r.method} ${r.status}`);
    expect(keyCalls).toEqual(['DELETE 404', 'POST 400', 'POST 201', 'DELETE 201']);
  });

  it('allowWrites: a changed message on adding a key is reported', async () => {
    const { url, email, password, customerId } = await service();
    const proxy = await drifted(url, (answer) => {
      if (answer.method === 'POST' && answer.status === 201 && answer.path.endsWith('/key')) {
        answer.body = { ...(answer.body as object), message: 'Chave cadastrada' };
      }
    });
    const report = await runConformance({
      baseUrl: proxy.url,
      email,
      password,
      customerId,
      allowWrites: true,
    });

    expect(differences(report)).toEqual([
      {
        operation: 'POST /pix/customer/{CLIENT_ID}/key',
        scenario: 'a new e-mail key (removed next)',
        check: 'body.message',
        service: '"Chave cadastrada"',
        mock: '"Chave Pix adicionada com sucesso"',
      },
    ]);
  });

  it('allowWrites: a malformed key that a lenient service stores is removed again', async () => {
    const served = await service();
    const { url, email, password, customerId } = served;
    const { mock } = served.running;
    const keysBefore = mock.pixKeys.list(customerId);
    // Stores what it should refuse: the malformed key arrives as a well-formed one.
    const lenient = await drifted(
      url,
      () => undefined,
      (method, _path, body) =>
        method === 'POST' && body.includes('not-an-e-mail-address')
          ? body.replace('not-an-e-mail-address', 'lenient-service@example.com')
          : body,
    );
    const report = await runConformance({
      baseUrl: lenient.url,
      email,
      password,
      customerId,
      allowWrites: true,
    });

    expect(differences(report)).toContainEqual(
      expect.objectContaining({
        scenario: 'malformed Pix key',
        check: 'status',
        service: '201',
        mock: '400',
      }),
    );
    expect(mock.pixKeys.list(customerId)).toEqual(keysBefore);
    expect(report.skipped.filter((skip) => skip.scenario === 'clean-up')).toEqual([]);
  });

  it('a password with quotes, backslashes and accents is redacted in every encoded form', async () => {
    const password = 'p"a\\ss/wörd-7Zq';
    const { url, email, customerId } = await service({ email: 'merchant@payments.test', password });
    const proxy = await drifted(url, (answer) => {
      if (answer.path === '/auth/token') {
        answer.body = {
          ...(answer.body as object),
          message: `hello ${password} ${encodeURIComponent(password)}`,
        };
      }
    });
    const report = await runConformance({ baseUrl: proxy.url, email, password, customerId });

    const text = JSON.stringify(report);
    for (const form of [
      password,
      JSON.stringify(password).slice(1, -1),
      encodeURIComponent(password),
      'a\\\\ss',
      'p\\"a',
    ]) {
      expect(text).not.toContain(form);
    }
    expect(text).toContain('hello [redacted] [redacted]');
  });

  it('a base URL with user:password@ and a timeout past the timer limit are refused before anything is sent', async () => {
    const { url, email, password, running } = await service();
    const before = running.mock.requests.length;
    const withUser = url.replace('http://', 'http://admin:url-secret-4Kd@');
    const error = await runConformance({ baseUrl: withUser, email, password }).catch(
      (caught: unknown) => caught,
    );
    expect(isPaymentValidationError(error)).toBe(true);
    expect(String(error)).toContain('user name or password');
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(
      'url-secret-4Kd',
    );

    const late = await runConformance({ baseUrl: url, email, password, timeoutMs: 2 ** 31 }).catch(
      (caught: unknown) => caught,
    );
    expect(isPaymentValidationError(late)).toBe(true);
    expect(String(late)).toContain('at most 2147483647');
    expect(running.mock.requests).toHaveLength(before);
  });

  it('a drifted service: a renamed field, a changed message and a changed status are each reported', async () => {
    const { url, email, password, customerId } = await service();
    const proxy = await drifted(url);
    const report = await runConformance({ baseUrl: proxy.url, email, password, customerId });

    expect(differences(report)).toEqual(EXPECTED_DRIFT);
    expect(report.differ).toBe(4);
    expect(report.agree).toBe(report.checks.length - 4);
  });

  it('values are compared by type and format only: other names, dates and numbers agree, a UUID id does not', async () => {
    const { url, email, password, customerId } = await service();
    const proxy = await drifted(url, (answer) => {
      if (answer.path !== `/customer/${customerId}`) return;
      const body = answer.body as Record<string, unknown>;
      answer.body = {
        ...body,
        _id: '7d444840-9dc0-11d1-b245-5ffdce74fad2',
        name: 'Someone Else',
        createdDate: '1999-12-31T23:59:59Z',
        version: 7,
      };
    });
    const report = await runConformance({ baseUrl: proxy.url, email, password, customerId });

    expect(differences(report)).toEqual([
      {
        operation: 'GET /customer/{CLIENT_ID}',
        scenario: 'the given customer',
        check: 'body._id',
        service: 'string',
        mock: 'object id',
      },
    ]);
  });

  it('an optional field left out agrees, and a list empty on one side is listed as not compared', async () => {
    const { url, email, password, customerId } = await service();
    const proxy = await drifted(url, (answer) => {
      if (answer.path === '/deposit/company/currencies' && Array.isArray(answer.body)) {
        answer.body = answer.body.map(({ supplierFeeByActivity: _, ...rest }) => rest);
      }
      if (answer.method === 'GET' && answer.path === `/pix/customer/${customerId}/key`) {
        answer.body = [];
      }
    });
    const report = await runConformance({ baseUrl: proxy.url, email, password, customerId });

    expect(report.differ).toBe(0);
    const fees = report.checks.filter(
      (c) =>
        c.operation === 'GET /deposit/company/currencies' &&
        c.check.startsWith('body[].supplierFeeByActivity'),
    );
    expect(fees).toEqual([
      expect.objectContaining({ service: '(absent)', mock: 'object', agree: true }),
    ]);
    expect(report.skipped).toContainEqual({
      operation: 'GET /pix/customer/{CLIENT_ID}/key',
      scenario: 'the given customer',
      check: 'body[]',
      reason: 'the list is empty on the service, so its elements were not compared',
    });
    expect(
      report.checks.some((c) => c.check.startsWith('body[].') && c.operation.includes('/pix/')),
    ).toBe(false);
  });

  it('a service that refuses the login: UnauthorizedError, not differences, and nothing more is sent', async () => {
    const { url, email, customerId, running } = await service();
    const before = running.mock.requests.length;
    const error = await runConformance({
      baseUrl: url,
      email,
      password: 'not-it-9Xq',
      customerId,
      allowWrites: true,
    }).catch((caught: unknown) => caught);

    expect(isPaymentApiError(error)).toBe(true);
    expect(error).toMatchObject({ name: 'UnauthorizedError', status: 401, path: '/auth/token' });
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain('not-it-9Xq');
    expect(running.mock.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /auth/token',
    ]);
  });

  it('never puts the password or a token in the report, even from a service that echoes them', async () => {
    const { url, email, password, customerId } = await service();
    let issued = '';
    const proxy = await drifted(url, (answer) => {
      if (answer.path !== '/auth/token' || answer.status !== 200) return;
      issued = (answer.body as { token: string }).token;
      answer.body = { token: issued, message: `welcome, ${password}; your token is ${issued}` };
    });
    const report = await runConformance({ baseUrl: proxy.url, email, password, customerId });

    const text = JSON.stringify(report);
    expect(issued).toMatch(JWT);
    expect(text).not.toContain(password);
    expect(text).not.toMatch(JWT);
    expect(report.checks).toContainEqual(
      expect.objectContaining({
        check: 'body.message',
        service: '"welcome, [redacted]; your token is [redacted]"',
      }),
    );
  });

  it('an unreachable service rejects with PaymentConnectionError, without the password', async () => {
    const password = 'secret-password-1';
    const error = await runConformance({ baseUrl: await refusedUrl(), email: 'a@b.c', password })
      .then(() => undefined)
      .catch((caught: unknown) => caught);

    expect(isPaymentConnectionError(error)).toBe(true);
    expect(String(error)).toContain('POST');
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(password);
  });

  it('a wrong path prefix rejects naming the login URL, instead of reporting every check as drift', async () => {
    const { url, email, password } = await service();
    const error = await runConformance({ baseUrl: `${url}/v1`, email, password }).catch(
      (caught: unknown) => caught,
    );

    expect(isPaymentApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 404 });
    expect((error as Error).message).toContain(`${url}/v1/auth/token`);
    expect((error as Error).message).toMatch(/baseUrl/);
  });

  it('a service that never answers rejects with PaymentTimeoutError after timeoutMs', async () => {
    const silent = await startReceiver('hang');
    later(silent.close);
    const error = await runConformance({
      baseUrl: silent.url,
      email: 'a@b.c',
      password: 'p',
      timeoutMs: 300,
    }).catch((caught: unknown) => caught);

    expect(isPaymentTimeoutError(error)).toBe(true);
    expect(silent.received.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /webhooks/pix/auth/token',
    ]);
  });

  it('bad options reject with PaymentValidationError naming each field', async () => {
    const error = await runConformance({
      baseUrl: 'ftp://example.com',
      email: '',
      password: '',
      customerId: '  ',
      timeoutMs: -1,
    }).catch((caught: unknown) => caught);

    expect(isPaymentValidationError(error)).toBe(true);
    const paths = (error as { issues: Array<{ path: string[] }> }).issues.map((i) => i.path[0]);
    expect(paths).toEqual(['baseUrl', 'email', 'password', 'customerId', 'timeoutMs']);
  });

  it('an aborted signal rejects with its reason before anything is sent', async () => {
    const { url, email, password, running } = await service();
    const before = running.mock.requests.length;
    const reason = new Error('stop');
    const error = await runConformance({
      baseUrl: url,
      email,
      password,
      signal: AbortSignal.abort(reason),
    }).catch((caught: unknown) => caught);

    expect(error).toBe(reason);
    expect(running.mock.requests).toHaveLength(before);
  });
});
