// Packs the package, installs the tarball into a fresh consumer project and checks that both entry
// points work there as ES modules and as CommonJS, that their types resolve in both module systems,
// and that the `pix-payment-mock` bin starts and answers.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'pix-payment-sdk-smoke-'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
const step = (text) => console.log(`smoke: ${text}`);

try {
  run(npm, ['pack', '--silent', '--pack-destination', work], root);
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  step(`packed ${tarball}`);

  const consumer = join(work, 'consumer');
  run('mkdir', ['-p', consumer]);
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true }),
  );
  run(
    npm,
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
      join(work, tarball),
      'msw@3',
    ],
    consumer,
  );
  step('installed the tarball into a clean project');

  const flow = (load) => `
    const { PaymentClient, buildWithdrawal, selectCurrency, isPaymentError } = ${load('pix-payment-sdk')};
    const { createPaymentServiceMock } = ${load('pix-payment-sdk/mock')};
    const mock = createPaymentServiceMock({ seed: 1 });
    const client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials, fetch: mock.fetch });
    const customer = mock.customers.create();
    const pixKey = await client.pixKeys.ensure(customer._id, { type: 'EMAIL', key: 'smoke@example.com' });
    const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
    const created = await client.withdrawals.create(buildWithdrawal({ amount: '1.23', customerId: customer._id, currency, pixKey }));
    if (created.status !== 'PENDING' || !created.externalId) throw new Error('unexpected ' + JSON.stringify(created));
    const failure = await client.pixKeys.list('0'.repeat(24)).catch((error) => error);
    if (!isPaymentError(failure) || failure.status !== 404) throw new Error('expected a NotFoundError');
    console.log('ok');`;

  const esm = join(consumer, 'esm.mjs');
  writeFileSync(
    esm,
    flow((name) => `await import('${name}')`),
  );
  if (run('node', [esm], consumer).trim() !== 'ok') throw new Error('ESM flow failed');
  step('import: the whole flow runs against the mock');

  const cjs = join(consumer, 'cjs.cjs');
  writeFileSync(
    cjs,
    `(async () => {${flow((name) => `require('${name}')`)}})().catch((e) => { console.error(e); process.exit(1); });`,
  );
  if (run('node', [cjs], consumer).trim() !== 'ok') throw new Error('CommonJS flow failed');
  step('require: the whole flow runs against the mock');

  const typeCheck = `
    import { PaymentClient, type PixKey, type WithdrawalRequest, buildWithdrawal } from 'pix-payment-sdk';
    import { createPaymentServiceMock } from 'pix-payment-sdk/mock';
    const mock = createPaymentServiceMock();
    const client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials, fetch: mock.fetch });
    export async function pay(customerId: string, pixKey: PixKey): Promise<string> {
      const [currency] = await client.withdrawals.listCurrencies();
      if (!currency) throw new Error('no currency');
      const body: WithdrawalRequest = buildWithdrawal({ amount: '1.00', customerId, currency, pixKey });
      return (await client.withdrawals.create(body)).externalId;
    }
  `;
  writeFileSync(join(consumer, 'check.mts'), typeCheck);
  writeFileSync(join(consumer, 'check.cts'), typeCheck);
  writeFileSync(
    join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        target: 'es2023',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
        lib: ['es2023', 'dom'],
      },
      files: ['check.mts', 'check.cts'],
    }),
  );
  run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', consumer], consumer);
  step(
    'types: both entry points type-check as ESM (.mts) and CommonJS (.cts) under module nodenext',
  );

  const bin = spawn(join(consumer, 'node_modules/.bin/pix-payment-mock'), ['--port', '0'], {
    cwd: consumer,
  });
  const url = await new Promise((resolvePromise, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the bin printed no URL: ${out}`)), 15_000);
    bin.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolvePromise(match[0]);
      }
    });
    bin.on('exit', (code) => reject(new Error(`the bin exited early with ${code}: ${out}`)));
  });
  const answer = await fetch(`${url}/withdraw/company/currencies`);
  if (answer.status !== 401) throw new Error(`expected 401 without a token, got ${answer.status}`);
  const exited = new Promise((resolvePromise) => bin.on('exit', (code) => resolvePromise(code)));
  bin.kill('SIGTERM');
  if ((await exited) !== 0) throw new Error('the bin did not stop cleanly on SIGTERM');
  step(`bin: pix-payment-mock served ${url} and stopped cleanly on SIGTERM`);
  console.log('smoke: all checks passed');
} finally {
  rmSync(work, { recursive: true, force: true });
}
