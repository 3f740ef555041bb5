// What `client.company` does: the checks and requests of its four calls. Loaded by
// src/resources/company.ts at the area's first call, so that a bundler puts it in a chunk of its
// own and a Pix-only application does not carry it.
import { prepareArea } from '../core/area-answers.js';
import { isRecord, throwIfIssues } from '../core/options.js';
import { parseWith } from '../core/parse.js';
import { prepare, type RequestOptions, type Transport } from '../core/transport.js';
import { createApiError, isPaymentApiError, type PaymentIssue } from '../errors/index.js';
import { balanceReader } from '../models/amount-texts.js';
import {
  type BalanceFilter,
  type BalanceList,
  CreateSubAccountInput,
  Cryptocurrency,
  type SubAccountFee,
  type SubAccountWebhookInput,
} from '../models/company.js';
import { Currency } from '../models/currencies.js';
import type { MessageResult } from '../models/shared.js';
import { operations as routes } from '../seam/operations.js';

// Where the balance route's own allowlist is kept, said by its 401.
const BALANCE_HINT =
  'The balance route has its own IP allowlist: "IP Permitidos para consulta de saldo via API" in the dashboard';

type Issues = PaymentIssue[];

function checkSchema(
  schema: Parameters<typeof parseWith>[0],
  value: unknown,
  path: PropertyKey[],
  issues: Issues,
): void {
  const parsed = parseWith(schema, value);
  if (!parsed.ok)
    for (const issue of parsed.issues) issues.push({ ...issue, path: [...path, ...issue.path] });
}

function check(ok: boolean, path: PropertyKey[], message: string, context: string): void {
  if (!ok) throwIfIssues([{ path, message }], context);
}

// Each of the four numbers of an IPv4 address: 0 to 255, written without a leading zero.
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

// A literal address, sent as written: IPv4 in dotted decimal (four numbers, so never a host name
// such as `cafe`, `dead.beef` or `1e3`, nor a form the URL parser rewrites, `1.2.3`, `01.2.3.4`),
// or IPv6 (a colon, hexadecimal digits and dots only, accepted by the URL parser in brackets; the
// characters keep a zone, a prefix length or a path out).
function isIpAddress(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (!value.includes(':')) return IPV4.test(value);
  return /^[\da-f:.]+$/i.test(value) && URL.canParse(`http://[${value}]`);
}

// What the URL parser would remove or rewrite before checking (spaces and control characters at
// either end, a tab or a line break anywhere, a backslash read as a slash): the text sent would
// not be the URL checked, and a registration happens once.
function rewrittenByParser(url: string): boolean {
  for (const char of url) if (char <= ' ' || char === '\u007f' || char === '\\') return true;
  return false;
}

/** @internal {@link Company.getBalance}, loaded on its first call. */
export async function getBalance(
  transport: Transport,
  validate: boolean,
  filter: BalanceFilter,
  options: RequestOptions | undefined,
): Promise<BalanceList> {
  if (validate) checkFilter(filter);
  // Each amount's text is kept beside the parsed balance: brlBalance reads it to the exact cent.
  const reader = balanceReader();
  try {
    const balances = await transport.request(
      { ...prepareArea(routes.company.getBalance, { body: filter }), parse: reader.parse },
      options,
    );
    reader.keep(balances);
    return balances;
  } catch (error) {
    // A 401 of the login itself names /auth/token: only the balance route's own gets the hint.
    if (isPaymentApiError(error) && error.status === 401 && error.path === '/balance/company') {
      throw createApiError({ ...error, hint: BALANCE_HINT });
    }
    throw error;
  }
}

/** @internal {@link Company.createSubAccount}, loaded on its first call. */
export async function createSubAccount(
  transport: Transport,
  validate: boolean,
  input: CreateSubAccountInput,
  options: RequestOptions | undefined,
): Promise<MessageResult> {
  if (validate) checkSubAccount(input);
  // The service could echo the body, in an error's body, message or reason, or in a 2xx answer
  // that fails the check: the new sub-account's password is removed wherever it comes back.
  const password: unknown =
    isRecord(input) && isRecord(input.user) ? input.user.password : undefined;
  return transport.request(
    {
      ...prepare(routes.company.createSubAccount, { body: input }),
      secrets: typeof password === 'string' ? [password] : [],
    },
    options,
  );
}

/** @internal {@link Company.registerWebhook}, loaded on its first call. */
export async function registerWebhook(
  transport: Transport,
  validate: boolean,
  input: SubAccountWebhookInput,
  options: RequestOptions | undefined,
): Promise<MessageResult> {
  if (validate) {
    const context = 'Invalid sub-account webhook';
    check(isRecord(input), [], 'must be { name, externalWebhookUrl }', context);
    check(
      typeof input.name === 'string' && input.name.trim() !== '',
      ['name'],
      'must be a non-empty string',
      context,
    );
    const url = input.externalWebhookUrl;
    check(
      typeof url === 'string' && URL.canParse(url) && /^https?:$/.test(new URL(url).protocol),
      ['externalWebhookUrl'],
      'must be an absolute http(s) URL',
      context,
    );
    check(
      !rewrittenByParser(url),
      ['externalWebhookUrl'],
      'must hold no space, control character or backslash (write them percent-encoded)',
      context,
    );
  }
  return transport.request(prepare(routes.company.registerWebhook, { body: input }), options);
}

/** @internal {@link Company.allowWithdrawalIp}, loaded on its first call. */
export async function allowWithdrawalIp(
  transport: Transport,
  validate: boolean,
  ip: string,
  options: RequestOptions | undefined,
): Promise<MessageResult> {
  if (validate) {
    check(isIpAddress(ip), ['ip'], 'must be an IPv4 or IPv6 address', 'Invalid withdrawal IP');
  }
  return transport.request(prepare(routes.company.allowWithdrawalIp, { body: { ip } }), options);
}

// `{}`, `{ currency }` or `{ cryptocurrency }`, each object whole as the service lists it.
function checkFilter(filter: BalanceFilter): void {
  const issues: Issues = [];
  if (!isRecord(filter)) {
    issues.push({ path: [], message: 'must be {}, { currency } or { cryptocurrency }' });
  } else if (filter.currency && filter.cryptocurrency) {
    issues.push({ path: ['cryptocurrency'], message: 'send currency or cryptocurrency, not both' });
  } else {
    if (filter.currency) checkSchema(Currency, filter.currency, ['currency'], issues);
    if (filter.cryptocurrency) {
      checkSchema(Cryptocurrency, filter.cryptocurrency, ['cryptocurrency'], issues);
    }
  }
  throwIfIssues(issues, 'Invalid balance filter');
}

// The shape by the schema (non-empty login included), then each fee: 0 or more, a percentage up
// to 100.
function checkSubAccount(input: CreateSubAccountInput): void {
  const issues: Issues = [];
  checkSchema(CreateSubAccountInput, input, [], issues);
  if (issues.length === 0) {
    for (const direction of ['deposit', 'withdraw'] as const) {
      const groups: Record<string, ReadonlyArray<{ fee: SubAccountFee }>> = { ...input[direction] };
      for (const [group, entries] of Object.entries(groups)) {
        entries.forEach(({ fee }, index) => {
          if (fee.value < 0 || (fee.type === 'PERCENTAGE' && fee.value > 100)) {
            issues.push({
              path: [direction, group, index, 'fee', 'value'],
              message: 'must be 0 or more, and at most 100 for a percentage',
            });
          }
        });
      }
    }
  }
  throwIfIssues(issues, 'Invalid sub-account');
}
