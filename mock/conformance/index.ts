import {
  createApiError,
  type FetchLike,
  PaymentConnectionError,
  PaymentResponseError,
  PaymentTimeoutError,
  PaymentValidationError,
  UnauthorizedError,
} from 'pix-payment-sdk';
import { readUpTo } from '../../src/seam/body.js';
import { MAX_TIMER_MS } from '../../src/seam/limits.js';
import { redactText, redactValue, secretForms } from '../../src/seam/redact.js';
import { createPaymentServiceMock } from '../create.js';
import { cryptoRandom, uuid } from '../service/ids.js';
import {
  FORGED_TOKEN,
  missingReason,
  removePath,
  SCENARIOS,
  type Scenario,
  type SideFacts,
} from './scenarios.js';
import { type ComparedAnswer, compareAnswers, type ReadBody } from './shape.js';

/**
 * Options of {@link runConformance}: the service to compare the mock with, and how far to go.
 *
 * @example
 * ```ts
 * const options: ConformanceOptions = {
 *   baseUrl: 'https://sandbox.payments.example',
 *   email: process.env.PAYMENT_EMAIL!,
 *   password: process.env.PAYMENT_PASSWORD!,
 *   customerId: process.env.PAYMENT_CUSTOMER_ID,
 * };
 * ```
 */
export interface ConformanceOptions {
  /** The service's absolute base URL (a path prefix such as `/v1` is kept). Use a sandbox. */
  readonly baseUrl: string;
  /** The company account's e-mail on that service. */
  readonly email: string;
  /** Its password. Never part of the report or of any error. */
  readonly password: string;
  /**
   * An existing customer of that account, whose Pix keys and details are read. Without it the
   * scenarios that need a customer are reported in `skipped`.
   */
  readonly customerId?: string | undefined;
  /**
   * Also add a Pix key to the customer and remove it again, try a malformed key (removed if the
   * service stores it), and create a one-cent deposit and a one-cent withdrawal (to the
   * customer's first listed Pix key), read their details and resend their webhooks; and send the
   * refusals of routes that change data (no token, an unknown key or transaction). Without it
   * only the login and reads are sent, and never more than one cent with it.
   *
   * @default false
   */
  readonly allowWrites?: boolean | undefined;
  /**
   * The `fetch` used to reach the service.
   *
   * @default globalThis.fetch
   */
  readonly fetch?: FetchLike | undefined;
  /** Aborts the run; it then rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
  /**
   * Time limit of each request to the service; running out rejects with `PaymentTimeoutError`.
   *
   * @default 30_000
   */
  readonly timeoutMs?: number | undefined;
}

/**
 * One compared aspect of one scenario: the same request sent to the service and to the mock.
 * `service` and `mock` are what each answered there, shown the way it was compared: a status code,
 * a message text in quotes, a type (`string`, `number`, `object id`, `date-time`, `jwt`, `object`,
 * `array`, …) or `(absent)`. Values compared by type never appear.
 *
 * @example
 * ```ts
 * const check: ConformanceCheck = {
 *   operation: 'GET /customer/{CLIENT_ID}',
 *   scenario: 'unknown customer',
 *   check: 'body.message',
 *   service: '"Not Found"',
 *   mock: '"Not Found"',
 *   agree: true,
 * };
 * ```
 */
export interface ConformanceCheck {
  /** Method and path template, as the service document writes it. */
  readonly operation: string;
  /** What the request tries, for example `wrong password` or `unknown customer`. */
  readonly scenario: string;
  /** `status`, or the path of a body field: `body`, `body.message`, `body[].name`, `body[].fees.*`. */
  readonly check: string;
  /** What the service answered there. */
  readonly service: string;
  /** What the mock answered there. */
  readonly mock: string;
  /** Whether the two agree (an optional field one side leaves out agrees). */
  readonly agree: boolean;
}

/**
 * A scenario, or part of one, that was not compared, and why (no customer id, no `allowWrites`,
 * a list empty on one side).
 *
 * @example
 * ```ts
 * const skip: ConformanceSkip = {
 *   operation: 'POST /withdraw',
 *   scenario: 'one cent',
 *   reason: 'changes data: runs only with allowWrites (--allow-writes)',
 * };
 * ```
 */
export interface ConformanceSkip {
  /** Method and path template. */
  readonly operation: string;
  /** The scenario. */
  readonly scenario: string;
  /** The part of its answers left out (`body[]`), when the scenario ran but a part could not be compared. */
  readonly check?: string;
  /** Why it was not compared. */
  readonly reason: string;
}

/**
 * What the service and the mock answered to a request whose right answer the provider's pages do
 * not give (a repeated `externalId` with another amount): reported so that the mock's choice can
 * be checked against the service, never counted as agreeing or differing.
 *
 * @example
 * ```ts
 * const observation: ConformanceObservation = {
 *   operation: 'POST /deposit',
 *   scenario: 'the one-cent deposit’s externalId again, for two cents',
 *   question: 'a repeated externalId with another amount',
 *   service: '201 "Pix Gerado com Sucesso": the first deposit again (same id)',
 *   mock: '409 "Conflict": refused',
 * };
 * ```
 */
export interface ConformanceObservation {
  /** Method and path template. */
  readonly operation: string;
  /** The scenario. */
  readonly scenario: string;
  /** What is being found out. */
  readonly question: string;
  /** What the service answered: status, message, and what it did. */
  readonly service: string;
  /** What the mock answered, the same way. */
  readonly mock: string;
}

/**
 * What {@link runConformance} found. `agree + differ === checks.length`; skipped scenarios and
 * observations are neither.
 *
 * @example
 * ```ts
 * const report: ConformanceReport = await runConformance(options);
 * for (const check of report.checks.filter((c) => !c.agree)) console.log(check);
 * ```
 */
export interface ConformanceReport {
  /** Every comparison, in the order the scenarios ran. */
  readonly checks: ReadonlyArray<ConformanceCheck>;
  /** How many checks agree. */
  readonly agree: number;
  /** How many checks differ. */
  readonly differ: number;
  /** What was not compared, and why. */
  readonly skipped: ReadonlyArray<ConformanceSkip>;
  /** Answers observed, not compared (only with `allowWrites`). */
  readonly observed: ReadonlyArray<ConformanceObservation>;
}

const MAX_BODY_BYTES = 1024 * 1024;

interface Side {
  readonly name: 'service' | 'mock';
  readonly baseUrl: string;
  readonly fetch: FetchLike;
  readonly facts: SideFacts;
}

function checkOptions(options: ConformanceOptions): void {
  const issues: Array<{ path: string[]; message: string }> = [];
  const url = URL.canParse(options.baseUrl) ? new URL(options.baseUrl) : undefined;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    issues.push({ path: ['baseUrl'], message: 'must be an absolute http(s) URL' });
  }
  for (const field of ['email', 'password'] as const) {
    if (typeof options[field] !== 'string' || options[field] === '') {
      issues.push({ path: [field], message: 'must be a non-empty string' });
    }
  }
  const { customerId } = options;
  if (customerId !== undefined && (typeof customerId !== 'string' || customerId.trim() === '')) {
    issues.push({ path: ['customerId'], message: 'must be a non-empty string when given' });
  }
  if (url !== undefined && (url.username !== '' || url.password !== '')) {
    // The URL itself is never repeated: what it carries is a password.
    issues.push({
      path: ['baseUrl'],
      message: 'must not carry a user name or password (give them as email and password)',
    });
  }
  const timeout = options.timeoutMs;
  if (timeout !== undefined && !(Number.isInteger(timeout) && timeout > 0)) {
    issues.push({ path: ['timeoutMs'], message: 'must be a positive integer' });
  } else if (timeout !== undefined && timeout > MAX_TIMER_MS) {
    issues.push({
      path: ['timeoutMs'],
      message: `must be at most ${MAX_TIMER_MS} (the longest a timer waits)`,
    });
  }
  if (issues.length > 0) throw new PaymentValidationError(issues, 'Invalid conformance options');
}

/** The body, read up to a limit, so a runaway answer cannot exhaust memory. */
async function readBody(response: Response): Promise<ReadBody> {
  const bytes = await readUpTo(response.body, MAX_BODY_BYTES);
  if (bytes === undefined) return { kind: 'too large' };
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === '') return { kind: 'empty' };
  try {
    return { kind: 'json', value: JSON.parse(text) };
  } catch {
    return { kind: 'text' };
  }
}

/** Name, message and `code` of an error and its causes; never the request it may hold. */
function describeFailure(error: unknown): string {
  const parts: string[] = [];
  for (let at = error, depth = 0; at !== undefined && depth < 4; depth++) {
    if (!(at instanceof Error)) {
      parts.push(String(at));
      break;
    }
    const code = (at as { code?: unknown }).code;
    parts.push(`${at.message}${typeof code === 'string' ? ` (${code})` : ''}`);
    at = at.cause;
  }
  return parts.join(': ');
}

async function send(
  side: Side,
  scenario: Scenario,
  options: ConformanceOptions,
  secrets: string[],
): Promise<ComparedAnswer> {
  const request = scenario.request(side.facts);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.auth === 'token') headers.authorization = `Bearer ${side.facts.token}`;
  if (request.auth === 'forged') headers.authorization = `Bearer ${FORGED_TOKEN}`;
  if (request.auth === 'not bearer') headers.authorization = 'Basic Y29uZm9ybWFuY2U6Y2hlY2s=';
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const timeoutMs = options.timeoutMs ?? 30_000;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal =
    side.name === 'mock'
      ? options.signal
      : options.signal
        ? AbortSignal.any([timeout, options.signal])
        : timeout;
  const fetch = side.fetch;
  let response: Response;
  try {
    response = await fetch(`${side.baseUrl}${request.path}`, {
      method: request.method,
      headers,
      // A redirect is an answer to compare; credentials never follow it elsewhere.
      redirect: 'manual',
      signal: signal ?? null,
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
    });
    const answer = { status: response.status, body: await readBody(response) };
    scenario.learn?.(side.facts, answer);
    if (side.facts.token !== undefined && !secrets.includes(side.facts.token)) {
      secrets.push(side.facts.token);
    }
    return answer;
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (side.name === 'mock') throw error;
    const facts = { method: request.method, path: request.path };
    if (timeout.aborted && side.name === 'service') {
      throw new PaymentTimeoutError({ ...facts, timeoutMs });
    }
    const cause = new Error(redact(describeFailure(error), secrets));
    throw new PaymentConnectionError(facts, { cause });
  }
}

/**
 * Throws when the service's answer to the good login shows that no login lives at the base URL
 * (a wrong path prefix, a website, a redirect): every later check would differ for that one
 * reason, so this is no drift to report. A 401 is an answer of the login, and is compared.
 */
function checkLoginReached(baseUrl: string, answer: ComparedAnswer): void {
  const { status, body } = answer;
  const facts = { method: 'POST', path: '/auth/token', url: `${baseUrl}/auth/token` };
  if (status >= 300 && (status < 400 || status === 404 || status === 405)) {
    throw createApiError({ ...facts, status, serviceMessage: `HTTP ${status}`, body: undefined });
  }
  if (status < 300 && body.kind !== 'json') {
    const message = `is ${body.kind === 'text' ? 'not JSON' : body.kind}: check that baseUrl is the API`;
    throw new PaymentResponseError({
      ...facts,
      status,
      issues: [{ path: [], message }],
      body: undefined,
    });
  }
}

/** The text with every form of every secret (escaped in JSON, percent-encoded…) and every JWT replaced. */
function redact(text: string, secrets: ReadonlyArray<string>): string {
  return redactText(text, secretForms(secrets));
}

/**
 * The error for a login the service refused: nothing can be compared, and the cause is the
 * account (credentials, IP allowlist), not the mock.
 */
function loginRefused(answer: ComparedAnswer, secrets: ReadonlyArray<string>): UnauthorizedError {
  const body =
    answer.body.kind === 'json' ? redactValue(answer.body.value, secretForms(secrets)) : undefined;
  const message =
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : 'Unauthorized';
  return new UnauthorizedError({
    status: answer.status,
    serviceMessage: message,
    body,
    method: 'POST',
    path: '/auth/token',
  });
}

/** Removes the Pix keys still listed in `keysToRemove` (best effort: a failure is left as it is). */
async function removeKeys(side: Side, options: ConformanceOptions): Promise<void> {
  for (const keyId of [...side.facts.keysToRemove]) {
    try {
      const response = await side.fetch(
        `${side.baseUrl}${removePath(side.facts.customerId, keyId)}`,
        {
          method: 'DELETE',
          headers: { accept: 'application/json', authorization: `Bearer ${side.facts.token}` },
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        },
      );
      await response.body?.cancel();
      if (response.ok) side.facts.keysToRemove.splice(side.facts.keysToRemove.indexOf(keyId), 1);
    } catch {
      // Left registered; the report's rows already show what the service answered.
    }
  }
}

/** A password unrelated to the right one, so a failed login reveals nothing of it. */
function wrongPassword(right: string): string {
  const candidate = `conformance-wrong-${uuid(cryptoRandom())}`;
  return candidate === right ? `${candidate}-again` : candidate;
}

async function embeddedMock(signal: AbortSignal | undefined): Promise<Side> {
  const mock = createPaymentServiceMock();
  const customer = mock.customers.create({
    name: 'Conformance Check',
    email: 'conformance.check@example.com',
  });
  // One registered key, so the fields of a listed key have something to be compared with.
  const added = await mock.fetch(`${mock.baseUrl}/pix/customer/${customer._id}/key`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await mock.auth.issueToken()}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ type: 'EMAIL', key: 'conformance.check@example.com' }),
    signal: signal ?? null,
  });
  if (added.status !== 201)
    throw new Error(`the embedded mock refused a Pix key (${added.status})`);
  const { email, password } = mock.credentials;
  return {
    name: 'mock',
    baseUrl: mock.baseUrl,
    fetch: mock.fetch,
    facts: {
      email,
      password,
      wrongPassword: wrongPassword(password),
      runId: uuid(cryptoRandom()),
      customerId: customer._id,
      keysToRemove: [],
    },
  };
}

/**
 * Runs one set of requests against a real service (a sandbox) and against a fresh embedded mock,
 * and compares the answers: status codes, message texts, field names, field types and nesting.
 * Ids, tokens, dates and amounts are compared by type only.
 *
 * Only reads and the login run by default: login with the right and a wrong password, both
 * currency lists, the given customer's Pix keys and details, the balance, and the documented error
 * rows of reads (no token, a forged token, an unknown customer or transaction). With
 * `allowWrites`, the refusals of routes that change data run too (no token, an unknown Pix key or
 * transaction), a Pix key is added and removed again, a malformed key is tried, and a deposit and
 * a withdrawal of one cent each are created; then the deposit's `externalId` is sent again for two
 * cents, and what each side answered is reported in `observed` (the provider does not publish it);
 * never more.
 *
 * The mock is reached through `mock.fetch` (msw is not needed) with its own credentials and a
 * customer it creates. Rejects with `PaymentValidationError` for bad options (a `baseUrl` with a
 * user name or password, a `timeoutMs` above 2,147,483,647), with `UnauthorizedError` when the
 * service refuses the login (credentials or IP allowlist: nothing can be compared), with a
 * `PaymentApiError` (404, 405, a redirect) or `PaymentResponseError` (not JSON) naming the URL
 * when no login answers at `baseUrl` (a wrong path prefix), and with `PaymentConnectionError` or
 * `PaymentTimeoutError` when the service cannot be reached; no form of the password, nor a
 * token, is ever in the report or an error.
 *
 * @example
 * ```ts
 * import { runConformance } from 'pix-payment-sdk/mock';
 *
 * const report = await runConformance({
 *   baseUrl: 'https://sandbox.payments.example',
 *   email: process.env.PAYMENT_EMAIL!,
 *   password: process.env.PAYMENT_PASSWORD!,
 *   customerId: process.env.PAYMENT_CUSTOMER_ID,
 * });
 * console.log(`${report.checks.length} checks, ${report.agree} agree, ${report.differ} differ`);
 * if (report.differ > 0) process.exitCode = 1;
 * ```
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  checkOptions(options);
  options.signal?.throwIfAborted();
  const mock = await embeddedMock(options.signal);
  const runId = uuid(cryptoRandom());
  const service: Side = {
    name: 'service',
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: options.fetch ?? globalThis.fetch,
    facts: {
      email: options.email,
      password: options.password,
      wrongPassword: wrongPassword(options.password),
      runId,
      customerId: options.customerId,
      keysToRemove: [],
    },
  };
  const secrets = [options.password, service.facts.wrongPassword, mock.facts.password];
  const checks: ConformanceCheck[] = [];
  const skipped: ConformanceSkip[] = [];
  const observed: ConformanceObservation[] = [];
  try {
    for (const scenario of SCENARIOS) {
      const { operation, name } = scenario;
      const missing = [service, mock].flatMap((side) =>
        scenario.needs
          .filter((need) =>
            need === 'writes' ? options.allowWrites !== true : side.facts[need] === undefined,
          )
          .map((need) =>
            need === 'writes' && scenario.writesReason !== undefined
              ? scenario.writesReason
              : missingReason(need, side.name),
          ),
      );
      if (missing.length > 0) {
        skipped.push({ operation, scenario: name, reason: missing[0] ?? '' });
        continue;
      }
      const serviceAnswer = await send(service, scenario, options, secrets);
      if (scenario.login && (serviceAnswer.status === 401 || serviceAnswer.status === 403)) {
        throw loginRefused(serviceAnswer, secrets);
      }
      if (scenario.login) checkLoginReached(service.baseUrl, serviceAnswer);
      const mockAnswer = await send(mock, scenario, options, secrets);
      if (scenario.question !== undefined && scenario.observe !== undefined) {
        observed.push({
          operation,
          scenario: name,
          question: scenario.question,
          service: redact(scenario.observe(service.facts, serviceAnswer), secrets),
          mock: redact(scenario.observe(mock.facts, mockAnswer), secrets),
        });
        continue;
      }
      const { rows, gaps } = compareAnswers(serviceAnswer, mockAnswer, scenario);
      for (const row of rows) {
        checks.push({
          operation,
          scenario: name,
          check: row.check,
          service: redact(row.service, secrets),
          mock: redact(row.mock, secrets),
          agree: row.agree,
        });
      }
      for (const gap of gaps) {
        skipped.push({ operation, scenario: name, check: gap.check, reason: gap.reason });
      }
    }
  } finally {
    // Whatever happened, a key the run made the service store does not stay.
    await removeKeys(service, options);
  }
  for (const keyId of service.facts.keysToRemove) {
    skipped.push({
      operation: 'DELETE /pix/customer/{CLIENT_ID}/key/remove/{KEY_ID}',
      scenario: 'clean-up',
      reason: `the Pix key ${keyId} this run added could not be removed: remove it from the dashboard`,
    });
  }
  const agree = checks.filter((check) => check.agree).length;
  return { checks, agree, differ: checks.length - agree, skipped, observed };
}
