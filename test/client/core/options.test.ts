import { PaymentClient, PaymentError, PaymentValidationError } from 'pix-payment-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { BASE_URL, EMAIL, PASSWORD, useMockService } from '../../support/client-mock-service.js';

const service = useMockService();
const credentials = { email: EMAIL, password: PASSWORD };

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('PaymentClient options', () => {
  it.each([
    ['a relative URL', '/v1'],
    ['no scheme', 'api.example.com'],
    ['an ftp URL', 'ftp://api.example.com'],
    ['a query', 'https://api.example.com/v1?x=1'],
    ['a fragment', 'https://api.example.com/#x'],
    ['credentials', 'https://user:pw@api.example.com'],
    ['an empty string', ''],
  ])('baseUrl with %s is a PaymentValidationError', (_, baseUrl) => {
    const error = thrown(() => new PaymentClient({ baseUrl, ...credentials }));
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect((error as PaymentValidationError).issues[0]?.path).toEqual(['baseUrl']);
  });

  it('reports every bad option at once', () => {
    const error = thrown(
      () =>
        new PaymentClient({
          baseUrl: BASE_URL,
          email: '',
          password: '',
          timeoutMs: -1,
          maxRetries: 99,
          refreshSkewMs: Number.NaN,
          retryBackoff: { initialDelayMs: -5 },
          fetch: 'nope' as unknown as typeof fetch,
        }),
    );
    expect((error as PaymentValidationError).issues.map((issue) => issue.path.join('.'))).toEqual([
      'email',
      'password',
      'timeoutMs',
      'maxRetries',
      'refreshSkewMs',
      'retryBackoff.initialDelayMs',
      'fetch',
    ]);
  });

  it('construction sends nothing', () => {
    new PaymentClient({ baseUrl: BASE_URL, ...credentials });
    service.expectNothingSent();
  });

  it('exposes the normalised baseUrl', () => {
    expect(new PaymentClient({ baseUrl: `${BASE_URL}//`, ...credentials }).baseUrl).toBe(BASE_URL);
  });
});

describe('browser guard', () => {
  const scope = globalThis as Record<string, unknown>;
  afterEach(() => {
    delete scope.window;
    delete scope.document;
  });

  it('refuses to construct where window and document exist', () => {
    scope.window = {};
    scope.document = {};
    const error = thrown(() => new PaymentClient({ baseUrl: BASE_URL, ...credentials }));
    expect(error).toBeInstanceOf(PaymentError);
    expect((error as Error).message).toMatch(/browser/);
  });

  it('constructs there with dangerouslyAllowBrowser: true', () => {
    scope.window = {};
    scope.document = {};
    expect(
      () => new PaymentClient({ baseUrl: BASE_URL, ...credentials, dangerouslyAllowBrowser: true }),
    ).not.toThrow();
  });

  it('window alone (a worker-like global) is not a browser page', () => {
    scope.window = {};
    expect(() => new PaymentClient({ baseUrl: BASE_URL, ...credentials })).not.toThrow();
  });
});
