// `pix-payment-mock conformance`: runConformance from a shell, as a table or one JSON document.
// biome-ignore lint/correctness/noNodejsModules: only the bin, which runs on Node, loads this file.
import { parseArgs } from 'node:util';
import {
  isPaymentApiError,
  isPaymentConnectionError,
  isPaymentResponseError,
  isPaymentTimeoutError,
  isPaymentValidationError,
} from 'pix-payment-sdk';
import { redactText, secretForms } from '../../src/seam/redact.js';
import { type ConformanceReport, runConformance } from './index.js';

/** @internal */
export const CONFORMANCE_HELP = `Usage: pix-payment-mock conformance --base-url <url> --email <e-mail> --password <password>
                                   [--customer-id <id>] [--allow-writes] [--json]

Sends one set of requests to your service (use its sandbox) and to a fresh embedded mock, and
compares the answers: status codes, message texts, field names, field types and nesting. Ids,
tokens, dates and amounts are compared by type only, and shown as their type.

Only reads and the login are sent: login with the right and a wrong password, both currency
lists, the customer's Pix keys and details, the balance, and reads refused (no token, a forged
token, unknown customer or transaction). With --allow-writes, and only then, requests to routes
that change data are sent: refusals (no token, unknown Pix key or transaction), a Pix key added
and removed again, a malformed key, and a deposit and a withdrawal of one cent each, read and
their webhooks resent; the deposit's externalId is then sent again for two cents, and what each
side answers is shown apart (observed, not compared).

Options:
  --base-url <url>      the service's base URL                  (or PAYMENT_BASE_URL)
  --email <e-mail>      the company account's e-mail            (or PAYMENT_EMAIL)
  --password <secret>   its password                            (or PAYMENT_PASSWORD; the variable
                        keeps it out of the shell history and the process list)
  --customer-id <id>    an existing customer to read            (or PAYMENT_CUSTOMER_ID); without
                        it the checks that need a customer are skipped
  --allow-writes        also send the refusals of routes that change data, add a Pix key and
                        remove it, try a malformed key, and create a one-cent deposit and a
                        one-cent withdrawal (to the customer's first Pix key), read their
                        details and resend their webhooks
  --timeout-ms <n>      time limit of each request to the service (default 30000, at most
                        2147483647)
  --json                print the report as one JSON document
  -h, --help            show this help

The password and tokens are never printed; a base URL with user:password@ is refused.
Exit status: 0 every check agrees, 1 any difference, 2 usage error, a refused login (credentials
or IP allowlist), a service that cannot be reached, or no login at the base URL (a wrong prefix).
`;

/**
 * Where the command reads its environment and writes its output.
 *
 * @internal
 */
export interface CommandIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Resolves once the text is written, so the process may exit right after. */
  stdout(text: string): Promise<void>;
  stderr(text: string): Promise<void>;
}

const MAX_CELL = 60;

function cell(text: string): string {
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}

/**
 * The report as a table (operation, check, service, mock, agree), what was not compared, and the
 * last line `N checks, N agree, N differ`.
 *
 * @internal
 */
export function formatReport(report: ConformanceReport): string {
  const rows = [
    ['operation', 'check', 'service', 'mock', 'agree'],
    ...report.checks.map((check) => [
      check.operation,
      `${check.scenario}: ${check.check}`,
      check.service,
      check.mock,
      check.agree ? 'yes' : 'NO',
    ]),
  ].map((row) => row.map(cell));
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  const lines = rows.map((row) =>
    row
      .map((text, column) => text.padEnd(widths?.[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
  if (report.observed.length > 0) {
    lines.push('', 'Observed, not compared (the provider does not publish the answer):');
    for (const seen of report.observed) {
      lines.push(`  ${seen.operation} (${seen.scenario}): ${seen.question}`);
      lines.push(`    service: ${seen.service}`, `    mock:    ${seen.mock}`);
    }
  }
  if (report.skipped.length > 0) {
    lines.push('', 'Not compared:');
    for (const skip of report.skipped) {
      const part = skip.check === undefined ? '' : `: ${skip.check}`;
      lines.push(`  ${skip.operation} (${skip.scenario}${part}): ${skip.reason}`);
    }
  }
  lines.push('', `${report.checks.length} checks, ${report.agree} agree, ${report.differ} differ`);
  return `${lines.join('\n')}\n`;
}

async function usage(io: CommandIo, problem: string): Promise<number> {
  await io.stderr(`pix-payment-mock conformance: ${problem}\n\n${CONFORMANCE_HELP}`);
  return 2;
}

/**
 * Runs the `conformance` subcommand; resolves with the exit status: 0 all agree, 1 any difference,
 * 2 a usage error or a service that cannot be reached.
 *
 * @internal
 */
export async function conformanceCommand(argv: string[], io: CommandIo): Promise<number> {
  let values: ReturnType<typeof parse>['values'];
  try {
    ({ values } = parse(argv));
  } catch (error) {
    // The stray argument is not echoed: it may be a password meant for a mistyped flag.
    const stray = (error as { code?: unknown }).code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL';
    const problem = error instanceof Error ? error.message : String(error);
    return usage(io, stray ? 'unexpected argument: this command takes only options' : problem);
  }
  if (values.help) {
    await io.stdout(CONFORMANCE_HELP);
    return 0;
  }
  const baseUrl = values['base-url'] ?? io.env.PAYMENT_BASE_URL;
  const email = values.email ?? io.env.PAYMENT_EMAIL;
  const password = values.password ?? io.env.PAYMENT_PASSWORD;
  const customerId = values['customer-id'] ?? io.env.PAYMENT_CUSTOMER_ID;
  const missing = [
    baseUrl ? undefined : '--base-url (or PAYMENT_BASE_URL)',
    email ? undefined : '--email (or PAYMENT_EMAIL)',
    password ? undefined : '--password (or PAYMENT_PASSWORD)',
  ].filter((flag) => flag !== undefined);
  if (missing.length > 0) return usage(io, `missing ${missing.join(', ')}`);
  const timeoutMs = values['timeout-ms'] === undefined ? undefined : Number(values['timeout-ms']);
  try {
    const report = await runConformance({
      baseUrl: baseUrl ?? '',
      email: email ?? '',
      password: password ?? '',
      customerId: customerId || undefined,
      allowWrites: values['allow-writes'] === true,
      timeoutMs,
    });
    await io.stdout(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
    return report.differ === 0 ? 0 : 1;
  } catch (error) {
    const secrets = secretForms([password ?? '']);
    if (isPaymentValidationError(error)) return usage(io, redactText(error.message, secrets));
    if (isPaymentApiError(error) && (error.status === 401 || error.status === 403)) {
      // The account, not the mock: a rotated password must not read as drift.
      await io.stderr(
        `pix-payment-mock conformance: the service refused the login (${error.status} on POST /auth/token): check the e-mail and password, and whether this machine's IP address is on the account's allowlist. Nothing was compared.\n`,
      );
      return 2;
    }
    const reach =
      isPaymentConnectionError(error) || isPaymentTimeoutError(error)
        ? `cannot reach the service at ${baseUrl}: `
        : isPaymentApiError(error) || isPaymentResponseError(error)
          ? `no login answers at ${baseUrl} (a wrong path prefix?): `
          : '';
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
    const text = `${error instanceof Error ? error.message : String(error)}${cause ? ` (${cause.message})` : ''}`;
    // Nothing was compared, so this is no difference: exit 2, never 1.
    await io.stderr(`pix-payment-mock conformance: ${redactText(`${reach}${text}`, secrets)}\n`);
    return 2;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      'base-url': { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'customer-id': { type: 'string' },
      'allow-writes': { type: 'boolean' },
      'timeout-ms': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
}
