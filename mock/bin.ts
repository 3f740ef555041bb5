// `pix-payment-mock`: the mock over real HTTP from a shell, for test suites in any language.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { controlRoutes } from './handlers/control.js';
import { startMockServer } from './index.js';

const HELP = `Usage: pix-payment-mock [options]

Runs the faithful Pix payment service mock over HTTP.

Options:
  --port <n>          port to listen on (default 4010; 0 picks a free one)
  --host <address>    address to listen on (default 127.0.0.1)
  --seed <value>      deterministic ids, password and times
  --webhook-url <url> the company's callback URL for webhook deliveries
  -h, --help          show this help

Control routes (no authentication; bodies and answers in the guide below):
${controlRouteList()}

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
