// `pix-payment-mock`: the mock over real HTTP from a shell, for test suites in any language.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { conformanceCommand } from './conformance/cli.js';
import { controlRoutes } from './controls/http-routes.js';
import { startMockServer } from './create.js';
import { REMOTE_COMMANDS, remoteCommand, remoteCommandLines } from './remote/cli.js';
import { operationLines } from './service/operations.js';

const HELP = `Usage: pix-payment-mock [options]
       pix-payment-mock conformance --help   (compare the mock with your sandbox)
       pix-payment-mock <command> [--url <url>] [--json]   (drive a running server)

Runs the faithful Pix payment service mock over HTTP.

Commands against a running server (--url, default http://127.0.0.1:4010; each has --help
with an example, and --json):
${remoteCommandLines()}
  Example: pix-payment-mock settle 65f1c0de0000000000000001 PAID

Options:
  --port <n>              port to listen on (default 4010; 0 picks a free one)
  --host <address>        address to listen on (default 127.0.0.1)
  --allowed-host <name>   another name requests may give in Host (repeatable), such
                          as the name other containers reach this one by
  --control-token <token> a secret the control routes then require, in the
                          X-Mock-Control-Token header (or Authorization: Bearer);
                          default: $PIX_PAYMENT_MOCK_CONTROL_TOKEN, or none
  --journal-limit <n>     most requests the journal keeps (default 10000)
  --delivery-log-limit <n> most webhook deliveries the log keeps (default 10000)
  --seed <value>          deterministic ids, password and times
  --email <address>       the company's login e-mail (default merchant@payments.test)
  --password <password>   the company's password (default: generated, printed at start);
                          give both to know the login before the mock starts
  --webhook-url <url>     the company's callback URL for webhook deliveries
  --strict                withdrawals and deposits must send the whole currency
                          object (default: _id, name, type and symbol suffice, as
                          the provider documents)
  --idempotency-mismatch <reject|replay>
                          a repeated externalId whose body asks for another
                          payment: 409 naming the fields that differ (reject,
                          the default), or the first transaction again (replay)
  --balance <C=amount>    the main account's starting balance in one currency,
                          BRL or USDT (repeatable; default BRL=1000000.00)
  --no-partner            the main account may not create sub-accounts (401)
  -h, --help              show this help

Operations (GET /openapi.json has the whole contract):
${operationLines()}

Control routes (bodies and answers in the guide below):
${controlRouteList()}

Every route answers a Host that is an IP address or a loopback name on any port (a mapped
port works), and another name only when given with --allowed-host. The control routes refuse
pages of other sites and take JSON bodies only (Content-Type: application/json). Listening on an
address other machines can reach? Set a control token. Security rules: docs/security.md beside
the guide.

Guide: ${guidePath()}
`;

/** One line per control path, with its methods, from the routes the server registers. */
function controlRouteList(): string {
  const methods = new Map<string, string[]>();
  for (const route of controlRoutes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    methods.set(path, [...(methods.get(path) ?? []), route.method]);
  }
  return [...methods].map(([path, verbs]) => `  ${verbs.join('|').padEnd(16)} ${path}`).join('\n');
}

/** The testing guide shipped in the package: beside dist/ when installed, beside mock/ in a clone. */
function guidePath(): string {
  for (const up of ['../../', '../']) {
    const candidate = fileURLToPath(new URL(`${up}docs/testing-with-the-mock.md`, import.meta.url));
    if (existsSync(candidate)) return candidate;
  }
  return 'docs/testing-with-the-mock.md in the pix-payment-sdk package';
}

async function main(argv: string[]): Promise<number> {
  const write = (stream: NodeJS.WriteStream) => (text: string) =>
    new Promise<void>((resolve) => stream.write(text, () => resolve()));
  const io = { env: process.env, stdout: write(process.stdout), stderr: write(process.stderr) };
  if (argv[0] === 'conformance') return conformanceCommand(argv.slice(1), io);
  const command = argv[0];
  if (command !== undefined && REMOTE_COMMANDS.includes(command)) {
    // Ctrl-C ends `journal --follow` cleanly (exit 0); any other command it stops at once.
    const interrupted = new AbortController();
    const onSignal = (code: number) => () => {
      interrupted.abort();
      if (command !== 'journal') process.exit(code);
    };
    process.once('SIGINT', onSignal(130));
    process.once('SIGTERM', onSignal(143));
    return remoteCommand(command, argv.slice(1), io, interrupted.signal);
  }
  let values: {
    port?: string | undefined;
    host?: string | undefined;
    'allowed-host'?: string[] | undefined;
    'control-token'?: string | undefined;
    'journal-limit'?: string | undefined;
    'delivery-log-limit'?: string | undefined;
    seed?: string | undefined;
    email?: string | undefined;
    password?: string | undefined;
    'webhook-url'?: string | undefined;
    strict?: boolean | undefined;
    'idempotency-mismatch'?: string | undefined;
    balance?: string[] | undefined;
    'no-partner'?: boolean | undefined;
    help?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'allowed-host': { type: 'string', multiple: true },
        'control-token': { type: 'string' },
        'journal-limit': { type: 'string' },
        'delivery-log-limit': { type: 'string' },
        seed: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        'webhook-url': { type: 'string' },
        strict: { type: 'boolean' },
        'idempotency-mismatch': { type: 'string' },
        balance: { type: 'string', multiple: true },
        'no-partner': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const port = values.port === undefined ? 4010 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be an integer from 0 to 65535, got ${values.port}\n`);
    return 2;
  }
  const journalLimit =
    values['journal-limit'] === undefined ? undefined : Number(values['journal-limit']);
  if (journalLimit !== undefined && !(Number.isInteger(journalLimit) && journalLimit > 0)) {
    process.stderr.write(
      `--journal-limit must be a positive integer, got ${values['journal-limit']}\n`,
    );
    return 2;
  }
  const { email: loginEmail, password: loginPassword } = values;
  if (
    (loginEmail === undefined) !== (loginPassword === undefined) ||
    loginEmail === '' ||
    loginPassword === ''
  ) {
    process.stderr.write('--email and --password go together, and neither may be empty\n');
    return 2;
  }
  const deliveryLogLimit =
    values['delivery-log-limit'] === undefined ? undefined : Number(values['delivery-log-limit']);
  if (
    deliveryLogLimit !== undefined &&
    !(Number.isInteger(deliveryLogLimit) && deliveryLogLimit > 0)
  ) {
    process.stderr.write(
      `--delivery-log-limit must be a positive integer, got ${values['delivery-log-limit']}\n`,
    );
    return 2;
  }
  const idempotencyMismatch = values['idempotency-mismatch'];
  if (
    idempotencyMismatch !== undefined &&
    idempotencyMismatch !== 'reject' &&
    idempotencyMismatch !== 'replay'
  ) {
    process.stderr.write(
      `--idempotency-mismatch must be reject or replay, got ${idempotencyMismatch}\n`,
    );
    return 2;
  }
  let balance: Record<string, string> | undefined;
  for (const entry of values.balance ?? []) {
    const match = /^([A-Z]+)=(.+)$/.exec(entry);
    if (!match?.[1] || !match[2]) {
      process.stderr.write(`--balance must be CURRENCY=amount (BRL=2500.00), got ${entry}\n`);
      return 2;
    }
    balance = { ...balance, [match[1]]: match[2] };
  }
  // The environment keeps the token out of `ps` listings; the flag wins when both are set.
  const controlToken =
    values['control-token'] ?? (process.env.PIX_PAYMENT_MOCK_CONTROL_TOKEN || undefined);
  const seed =
    values.seed === undefined
      ? undefined
      : /^-?\d+$/.test(values.seed)
        ? Number(values.seed)
        : values.seed;
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  process.once('SIGINT', () => stop());
  process.once('SIGTERM', () => stop());
  const watcher = watchWrapper(stop);
  const host = values.host ?? '127.0.0.1';
  let running: Awaited<ReturnType<typeof startMockServer>>;
  try {
    running = await startMockServer({
      port,
      host,
      allowedHosts: values['allowed-host'],
      controlToken,
      journalLimit,
      deliveryLogLimit,
      seed,
      credentials:
        loginEmail === undefined || loginPassword === undefined
          ? undefined
          : { email: loginEmail, password: loginPassword },
      webhookUrl: values['webhook-url'] ?? null,
      strict: values.strict ?? false,
      ...(idempotencyMismatch !== undefined ? { idempotencyMismatch } : {}),
      ...(balance !== undefined ? { balance } : {}),
      partner: !values['no-partner'],
    });
  } catch (error) {
    clearInterval(watcher);
    // The flags to change, rather than the function's option names.
    if ((error as { code?: unknown }).code !== 'EADDRINUSE') throw error;
    process.stderr.write(
      `pix-payment-mock: port ${port} on ${host} is already in use (EADDRINUSE): stop what listens there, pass another --port, or --port 0 for a free one\n`,
    );
    return 1;
  }
  const { email, password } = running.mock.credentials;
  process.stdout.write(
    [
      `pix-payment-mock listening on ${running.url}`,
      `  email:       ${email}`,
      `  password:    ${password}`,
      `  customer id: ${running.mock.customers.seeded._id}`,
      `  console:     ${running.url}/__mock/console`,
      // Whether a token is needed, never the token.
      `  control:     ${running.url}/__mock/state${controlToken === undefined ? '' : ' (needs the control token in X-Mock-Control-Token)'}`,
      '',
    ].join('\n'),
  );
  await stopped;
  clearInterval(watcher);
  await running.close();
  return 0;
}

/**
 * Run by npm (`npx pix-payment-mock`, `npm exec`, an npm script), the bin is the child of a shell
 * that npm started. A SIGTERM to npm ends npm and that shell but never reaches this process,
 * which would keep serving, and keep the port, with no parent. So under npm the bin stops as soon
 * as the process that started it is gone. Run directly (`node dist/mock/bin.js`, `nohup …`) it
 * is left alone.
 */
function watchWrapper(stop: () => void): NodeJS.Timeout | undefined {
  if (process.env.npm_command === undefined && process.env.npm_lifecycle_event === undefined) {
    return undefined;
  }
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 200);
  timer.unref();
  return timer;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `pix-payment-mock: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
