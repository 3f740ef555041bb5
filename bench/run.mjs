// Benchmarks of the built package (dist/), each printed against its target and recorded in
// bench/RESULTS.md. Run with `npm run bench`, which builds first. Every loop here is bounded in
// count and time, and all traffic stays on 127.0.0.1.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, freemem, platform, release, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { benchRedis } from './redis.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (path) => pathToFileURL(join(root, 'dist', path)).href;
const { PaymentClient, CurrencyList } = await import(dist('index.js'));
const { createPaymentServiceMock } = await import(dist('mock/index.js'));
const { default: ky } = await import('ky');

const rows = [];
const quick = process.argv.includes('--quick');
const scale = quick ? 0.2 : 1;
// `--only=redis` (or another benchmark's name) runs that one alone and writes no RESULTS.md.
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);

function record(name, value, target, pass, note = '') {
  rows.push({ name, value, target, pass, note });
  const mark = pass === undefined ? '  ' : pass ? 'ok' : '!!';
  console.log(
    `${mark} ${name}: ${value}${target ? `  (target: ${target})` : ''}${note ? `  ${note}` : ''}`,
  );
}

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
}

const fmtMs = (ms) => `${ms.toFixed(3)} ms`;

function base64url(value) {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function jwt(expSeconds) {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: 'bench', exp: expSeconds })}.c2lnbmF0dXJl`;
}

// A plain Node HTTP server that answers like the service, so the client's own overhead is what
// differs between the SDK and raw fetch.
async function startPlainServer({ tokenLifetimeSeconds, loginDelayMs = 0 }) {
  const state = { tokenRequests: 0 };
  const now = new Date().toISOString();
  const currencies = JSON.stringify(
    ['BRL', 'USD', 'EUR'].map((name, index) => ({
      _id: `65a1f0c2e4b0a1b2c3d4e5f${index}`,
      name,
      type: 'PIX',
      symbol: name === 'BRL' ? 'R$' : name,
      createdDate: now,
      updatedDate: now,
      __v: 0,
      supplierFeeByActivity: { servicetreeal: { type: 'PERCENTAGE', value: 1.5 } },
    })),
  );
  const server = createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/auth/token') {
      state.tokenRequests += 1;
      request.resume();
      request.on('end', async () => {
        if (loginDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, loginDelayMs));
        const body = JSON.stringify({
          token: jwt(Math.floor(Date.now() / 1000) + tokenLifetimeSeconds),
        });
        response.writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        });
        response.end(body);
      });
      return;
    }
    if (request.url === '/withdraw/company/currencies') {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(currencies),
      });
      response.end(currencies);
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end('{"message":"Not Found"}');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function benchClientOverhead() {
  const server = await startPlainServer({ tokenLifetimeSeconds: 3600 });
  const client = new PaymentClient({
    baseUrl: server.url,
    email: 'bench@example.com',
    password: 'bench-password',
  });
  const token = await client.getToken();
  const url = `${server.url}/withdraw/company/currencies`;
  const raw = async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    return JSON.parse(await response.text());
  };
  const sdk = () => client.withdrawals.listCurrencies();
  // ky alone, called as the client calls it, to show what the HTTP layer costs by itself.
  const kyOnly = async () => {
    const response = await ky(url, {
      headers: { authorization: `Bearer ${token}` },
      retry: 0,
      timeout: false,
      throwHttpErrors: false,
    });
    return JSON.parse(await response.text());
  };
  for (let i = 0; i < 300; i++) {
    await raw();
    await kyOnly();
    await sdk();
  }
  const rounds = 10;
  const perRound = Math.round(400 * scale);
  const samples = { sdk: [], raw: [], ky: [] };
  const order = [
    ['sdk', sdk],
    ['raw', raw],
    ['ky', kyOnly],
  ];
  // Rotate the order in rounds so that drift in the machine's speed hits all alike.
  for (let round = 0; round < rounds; round++) {
    for (const [name, call] of [...order.slice(round % 3), ...order.slice(0, round % 3)]) {
      for (let i = 0; i < perRound; i++) {
        const start = performance.now();
        await call();
        samples[name].push(performance.now() - start);
      }
    }
  }
  await server.close();
  const s = summary(samples.sdk);
  const r = summary(samples.raw);
  const k = summary(samples.ky);
  const ratio = s.median / r.median;
  record('client: listCurrencies() median (cached token)', fmtMs(s.median));
  record('client: listCurrencies() p99', fmtMs(s.p99));
  record('raw fetch + JSON.parse median', fmtMs(r.median));
  record('raw fetch + JSON.parse p99', fmtMs(r.p99));
  record(
    'ky alone + JSON.parse median (no schema, no token, no deadline)',
    fmtMs(k.median),
    undefined,
    undefined,
    `(${((k.median / r.median - 1) * 100).toFixed(1)} % over raw fetch)`,
  );
  record(
    'client overhead over raw fetch (median)',
    `${((ratio - 1) * 100).toFixed(1)} % (+${fmtMs(s.median - r.median)})`,
    'within 10 %',
    ratio <= 1.1,
  );
}

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

function benchColdStart() {
  const entry = join(root, 'dist', 'index.js');
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(entry).href)}); console.log(performance.now() - t);`;
  const samples = [];
  for (let i = 0; i < 15; i++) {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    samples.push(Number(out.trim()));
  }
  const { median } = summary(samples.slice(2));
  record(
    'cold start: import of the built client entry in a fresh process',
    fmtMs(median),
    'under 40 ms',
    median < 40,
  );
  // What the two runtime dependencies cost on their own, in the same kind of fresh process: the
  // entry imports both, so their sum is the floor under the figure above.
  for (const specifier of ['ky', 'zod/mini']) {
    const only = `const t = performance.now(); await import(${JSON.stringify(specifier)}); console.log(performance.now() - t);`;
    const times = [];
    for (let i = 0; i < 9; i++) {
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', only], {
        cwd: root,
        encoding: 'utf8',
      });
      times.push(Number(out.trim()));
    }
    record(`cold start: import of ${specifier} alone`, fmtMs(summary(times.slice(2)).median));
  }
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
    const ciLimit = `CI fails above ${limits.get(entry.name)}`;
    if (entry.name.startsWith('client entry')) {
      // The project's target for the whole client entry; the CI limit guards against growth.
      record(
        `size: ${entry.name}`,
        `${kb.toFixed(2)} kB`,
        '20 kB or less',
        kb <= 20,
        `(${ciLimit})`,
      );
    } else {
      record(`size: ${entry.name}`, `${kb.toFixed(2)} kB`, undefined, undefined, `(${ciLimit})`);
    }
  }
}

async function startMockProcess() {
  const child = spawn(
    process.execPath,
    [join(root, 'dist', 'mock', 'bin.js'), '--port', '0', '--seed', '1'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // The bin prints its URL, the seeded credentials and the seeded customer (mock/bin.ts): read
  // them from there rather than guess them.
  const printed = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the mock printed no URL: ${out}`)), 15_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match =
        /listening on (\S+)\s+email:\s+(\S+)\s+password:\s+(\S+)\s+customer id:\s+(\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[1],
          credentials: { email: match[2], password: match[3] },
          customerId: match[4],
        });
      }
    });
  });
  return {
    ...printed,
    stop: () => new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM')),
  };
}

// Requests per second that were answered 2xx; any other answer or error fails the run, so a
// wrong token or body cannot pass for speed.
async function load(name, options) {
  const result = await autocannon({ connections: 50, duration: quick ? 2 : 5, ...options });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return result.requests.average;
}

async function benchMock() {
  const server = await startMockProcess();
  const { credentials, customerId } = server;
  const { token } = await (
    await fetch(`${server.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    })
  ).json();
  const authorization = `Bearer ${token}`;
  const headers = { authorization, 'content-type': 'application/json' };
  const added = await (
    await fetch(`${server.url}/pix/customer/${customerId}/key`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ type: 'EMAIL', key: 'bench@example.com' }),
    })
  ).json();
  const [currency] = await (
    await fetch(`${server.url}/withdraw/company/currencies`, { headers })
  ).json();

  const getRate = await load('GET', {
    url: `${server.url}/withdraw/company/currencies`,
    headers: { authorization },
  });
  record(
    'mock server: authenticated GET /withdraw/company/currencies',
    `${Math.round(getRate)} req/s`,
    '10,000 req/s',
    getRate >= 10_000,
  );

  let sequence = 0;
  const postRate = await load('POST', {
    url: `${server.url}/withdraw`,
    method: 'POST',
    headers,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            amount: 1.5,
            customerId,
            currency,
            pixKey: added.key,
            externalId: `bench-${sequence++}`,
          }),
        }),
      },
    ],
  });
  record(
    'mock server: authenticated POST /withdraw (a new withdrawal each)',
    `${Math.round(postRate)} req/s`,
    '10,000 req/s',
    postRate >= 10_000,
  );
  await server.stop();

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

const benchmarks = {
  overhead: benchClientOverhead,
  'single-flight': benchSingleFlight,
  parsing: benchParsing,
  'cold-start': benchColdStart,
  size: benchSize,
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
