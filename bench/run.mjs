// Benchmarks of the built package (dist/), each printed against its target and recorded in
// bench/RESULTS.md. Run with `npm run bench`, which builds first. Every loop here is bounded in
// count and time, and all traffic stays on 127.0.0.1.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import {
  dist,
  fmtMs,
  record,
  root,
  rows,
  seededRandom,
  startPlainServer,
  summary,
} from './lib.mjs';
import { benchMockMsw } from './mock-msw.mjs';
import { benchMockServer } from './mock-server.mjs';
import { benchFirstCall, benchImport, benchPeerSizes, benchPerCall } from './peers.mjs';
import { benchRedis } from './redis.mjs';
import { measureClientEntry, measureClientEntrySource } from './size-entry.mjs';

const { PaymentClient, CurrencyList } = await import(dist('index.js'));
const { createPaymentServiceMock } = await import(dist('mock/index.js'));

// Every argument is one of these: anything else (`--only import`, a typo) stops the run before it
// measures anything or overwrites RESULTS.md.
const stray = process.argv
  .slice(2)
  .filter((arg) => arg !== '--quick' && !/^--(only|seed)=./.test(arg));
if (stray.length > 0) {
  throw new Error(
    `bench: unknown argument ${JSON.stringify(stray[0])}; use --quick, --only=<name>, --seed=<n>`,
  );
}
const quick = process.argv.includes('--quick');
const scale = quick ? 0.2 : 1;
// `--only=redis` (or another benchmark's name) runs that one alone and writes no RESULTS.md.
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
// The seed of every shuffled order; `--seed=<n>` repeats a run's orders.
const seedArg = process.argv.find((arg) => arg.startsWith('--seed='))?.slice('--seed='.length);
const seed = seedArg === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(seedArg);
if (!Number.isSafeInteger(seed) || seed < 0)
  throw new Error(`--seed: ${seedArg} is not a whole number`);
const random = seededRandom(seed);
console.log(`bench: seed ${seed}${quick ? ', quick' : ''} (repeat the orders with --seed=${seed})`);

async function benchSingleFlight() {
  const cold = await startPlainServer({ tokenLifetimeSeconds: 3600 });
  const client = new PaymentClient({
    baseUrl: cold.url,
    email: 'bench@example.com',
    password: 'bench-password',
  });
  const results = await Promise.allSettled(
    Array.from({ length: 1000 }, () => client.withdrawals.listCurrencies()),
  );
  const failed = results.filter((result) => result.status === 'rejected').length;
  record(
    'token single flight: 1,000 concurrent calls on a cold client',
    `${cold.state.tokenRequests} token request(s), ${failed} failed`,
    'exactly 1, 0 failed',
    cold.state.tokenRequests === 1 && failed === 0,
  );
  await cold.close();

  // Tokens live 61 s and the client refreshes 60 s before expiry: after a second the cached token
  // is inside the skew, and the next burst must share one new login.
  const expiring = await startPlainServer({ tokenLifetimeSeconds: 61 });
  const warm = new PaymentClient({
    baseUrl: expiring.url,
    email: 'bench@example.com',
    password: 'bench-password',
    refreshSkewMs: 60_000,
  });
  await warm.withdrawals.listCurrencies();
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  const before = expiring.state.tokenRequests;
  const burst = await Promise.allSettled(
    Array.from({ length: 1000 }, () => warm.withdrawals.listCurrencies()),
  );
  const burstFailed = burst.filter((result) => result.status === 'rejected').length;
  const refreshes = expiring.state.tokenRequests - before;
  record(
    'token single flight: 1,000 concurrent calls across an expiry',
    `${refreshes} token request(s), ${burstFailed} failed`,
    'exactly 1, 0 failed',
    refreshes === 1 && burstFailed === 0,
  );
  await expiring.close();
}

function benchParsing() {
  const now = new Date().toISOString();
  const list = Array.from({ length: 10_000 }, (_, index) => ({
    _id: index.toString(16).padStart(24, '0'),
    name: 'BRL',
    type: 'PIX',
    symbol: 'R$',
    createdDate: now,
    updatedDate: now,
    __v: 0,
    supplierFeeByActivity: {
      servicetreeal: { type: 'PERCENTAGE', value: 1.5 },
      servicetreealliquidity: { type: 'FIXED', value: 0.5 },
    },
  }));
  const text = JSON.stringify(list);
  const time = (fn) => {
    const samples = [];
    for (let i = 0; i < Math.max(5, Math.round(20 * scale)); i++) {
      const start = performance.now();
      fn();
      samples.push(performance.now() - start);
    }
    return summary(samples).median;
  };
  for (let i = 0; i < 3; i++) CurrencyList.parse(JSON.parse(text));
  const parseOnly = time(() => JSON.parse(text));
  const withSchema = time(() => CurrencyList.parse(JSON.parse(text)));
  record('parsing: 10,000 currencies, JSON.parse alone', fmtMs(parseOnly));
  record(
    'parsing: 10,000 currencies, JSON.parse + CurrencyList schema',
    fmtMs(withSchema),
    undefined,
    undefined,
    `(schema adds ${((withSchema - parseOnly) / 10).toFixed(2)} µs a currency)`,
  );
}

function benchSize() {
  const out = execFileSync(join(root, 'node_modules', '.bin', 'size-limit'), ['--json'], {
    cwd: root,
    encoding: 'utf8',
  });
  const limits = new Map(
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))['size-limit'].map((entry) => [
      entry.name,
      entry.limit,
    ]),
  );
  for (const entry of JSON.parse(out)) {
    const kb = entry.size / 1000;
    record(
      `size: ${entry.name}`,
      `${kb.toFixed(2)} kB`,
      undefined,
      undefined,
      `(CI fails above ${limits.get(entry.name)})`,
    );
  }
}

// The budget of the client entry as an application's bundler sees it (bench/size-entry.mjs).
const ENTRY_BUDGET = 27 * 1024;

async function benchEntrySize() {
  const built = await measureClientEntry(root);
  // dist/ carries its own copies of ky and zod/mini: the sources tell what each part weighs.
  const source = await measureClientEntrySource(root);
  const part = (prefix) =>
    source.inputs
      .filter((input) => input.path.startsWith(prefix))
      .reduce((sum, input) => sum + input.bytes, 0)
      .toLocaleString('en');
  record(
    'size: client entry (PaymentClient, builders, selectCurrency, validatePixKey), esbuild neutral, minified, gzip -9',
    `${built.bytes.toLocaleString('en')} bytes`,
    `≤ ${ENTRY_BUDGET.toLocaleString('en')} bytes`,
    built.bytes <= ENTRY_BUDGET,
    `(from the sources ${source.bytes.toLocaleString('en')} bytes; minified there: ky ${part('node_modules/ky/')}, zod ${part('node_modules/zod/')}, the package's own ${part('src/')} bytes)`,
  );
}

async function benchMock() {
  await benchMockServer({ quick, random });

  const mock = createPaymentServiceMock({ seed: 1 });
  const login = await mock.fetch(`${mock.baseUrl}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(mock.credentials),
  });
  const inProcessAuth = `Bearer ${(await login.json()).token}`;
  const count = Math.round(20_000 * scale);
  const start = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (done < count) {
        done += 1;
        const response = await mock.fetch(`${mock.baseUrl}/withdraw/company/currencies`, {
          headers: { authorization: inProcessAuth },
        });
        await response.arrayBuffer();
      }
    }),
  );
  const rate = count / ((performance.now() - start) / 1000);
  record('mock.fetch in process: authenticated GET', `${Math.round(rate)} req/s`);
}

function writeResults() {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const lines = [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (bench/run.mjs) from the built package. Figures vary from run to run',
    'and machine to machine; the targets are the ones the project set itself.',
    '',
    `- Date: ${new Date().toISOString()}`,
    `- Node.js: ${process.version}`,
    `- Machine: ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB memory (${(freemem() / 2 ** 30).toFixed(0)} GiB free), ${platform()} ${release()}`,
    `- Load average when done: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')} (1, 5, 15 min)`,
    `- Seed of the shuffled orders: ${seed}`,
    quick ? '- Mode: quick (shorter runs)' : '- Mode: full',
    '',
    '| Measure | Result | Target | Met |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.value}${row.note ? ` ${row.note}` : ''} | ${row.target ?? ''} | ${row.pass === undefined ? '' : row.pass ? 'yes' : '**no**'} |`,
    ),
    '',
  ];
  writeFileSync(join(root, 'bench', 'RESULTS.md'), lines.join('\n'));
}

const options = { quick, random };
const benchmarks = {
  'per-call': () => benchPerCall(options),
  import: () => benchImport(options),
  'first-call': () => benchFirstCall(options),
  size: async () => {
    await benchEntrySize();
    benchSize();
    await benchPeerSizes();
  },
  'mock-msw': () => benchMockMsw(options),
  'single-flight': benchSingleFlight,
  parsing: benchParsing,
  mock: benchMock,
  redis: () => benchRedis({ record, summary, fmtMs, startPlainServer, scale, quick }),
};
if (only !== undefined && !(only in benchmarks)) {
  throw new Error(`--only: no benchmark ${only}; there are ${Object.keys(benchmarks).join(', ')}`);
}
for (const [name, run] of Object.entries(benchmarks)) {
  if (only === undefined || only === name) await run();
}
if (only === undefined) writeResults();
const missed = rows.filter((row) => row.pass === false);
console.log(
  missed.length === 0 ? 'bench: every target met' : `bench: ${missed.length} target(s) missed`,
);
