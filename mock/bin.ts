// `pix-payment-mock`: the mock over real HTTP from a shell, for test suites in any language.
import { parseArgs } from 'node:util';
import { startMockServer } from './index.js';
import { operationLines } from './operations.js';

const HELP = `Usage: pix-payment-mock [options]

Runs the faithful Pix payment service mock over HTTP.

Options:
  --port <n>          port to listen on (default 4010; 0 picks a free one)
  --host <address>    address to listen on (default 127.0.0.1)
  --seed <value>      deterministic ids, password and times
  --webhook-url <url> the company's callback URL for webhook deliveries
  -h, --help          show this help

Operations (GET /openapi.json has the whole contract):
${operationLines()}

Control routes (no authentication): POST /__mock/reset, POST /__mock/customers,
POST /__mock/withdrawals/{id}/settle, POST /__mock/deposits/{id}/settle,
POST|DELETE /__mock/faults, GET /__mock/requests, GET /__mock/webhooks/deliveries,
PUT /__mock/webhooks/url, POST /__mock/clock/advance, POST /__mock/auth/expire-tokens,
PUT /__mock/auth/allowed-ips, GET /__mock/state. See docs/testing-with-the-mock.md.
`;

async function main(argv: string[]): Promise<number> {
  let values: {
    port?: string | undefined;
    host?: string | undefined;
    seed?: string | undefined;
    'webhook-url'?: string | undefined;
    help?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        'webhook-url': { type: 'string' },
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
  const running = await startMockServer({
    port,
    host: values.host ?? '127.0.0.1',
    seed,
    webhookUrl: values['webhook-url'] ?? null,
  });
  const { email, password } = running.mock.credentials;
  process.stdout.write(
    [
      `pix-payment-mock listening on ${running.url}`,
      `  email:       ${email}`,
      `  password:    ${password}`,
      `  customer id: ${running.mock.customers.seeded._id}`,
      `  control:     ${running.url}/__mock/state`,
      '',
    ].join('\n'),
  );
  await stopped;
  await running.close();
  return 0;
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
