// This package side by side with raw fetch, ky alone and the peer SDKs a merchant's engineer
// knows (openai, stripe, @octokit/core), each calling a route of one loopback server with the JSON
// it expects: per call, import in a fresh process, import + first call, and bundle size.
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import {
  dist,
  fmtMs,
  fmtRatio,
  interleaved,
  record,
  root,
  startPlainServer,
  timeProcesses,
} from './lib.mjs';

const CREDENTIALS = { email: 'bench@example.com', password: 'bench-password' };

/** Per call, p50 over raw fetch; a second raw fetch entry is the control and must read 1.00×. */
export async function benchPerCall({ quick, random }) {
  const { PaymentClient } = await import(dist('index.js'));
  const { default: ky } = await import('ky');
  const { default: OpenAI } = await import('openai');
  const { default: Stripe } = await import('stripe');
  const { Octokit } = await import('@octokit/core');
  const server = await startPlainServer();
  const client = new PaymentClient({ baseUrl: server.url, ...CREDENTIALS });
  const token = await client.getToken();
  const url = `${server.url}/withdraw/company/currencies`;
  const headers = { authorization: `Bearer ${token}` };
  const raw = async () => (await fetch(url, { headers })).json();
  const openai = new OpenAI({ apiKey: 'sk-bench', baseURL: `${server.url}/v1`, maxRetries: 0 });
  const stripe = new Stripe('sk_test_bench', {
    host: '127.0.0.1',
    port: server.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
  const octokit = new Octokit({ baseUrl: server.url });
  const contenders = [
    ['this package', () => client.withdrawals.listCurrencies()],
    ['ky alone', () => ky.get(url, { headers, retry: 0, timeout: false }).json()],
    ['openai', () => openai.models.retrieve('x')],
    ['stripe', () => stripe.customers.retrieve('cus_bench')],
    [
      '@octokit/core',
      () => octokit.request('GET /repos/{owner}/{repo}', { owner: 'bench', repo: 'sdk' }),
    ],
    ['raw fetch', raw],
    ['raw fetch (control)', raw],
  ];
  // Each contender must get its JSON back, or its figure would measure a failure.
  const expected = {
    'this package': (value) => value.length === 3,
    'ky alone': (value) => value.length === 3,
    openai: (value) => value.id === 'x',
    stripe: (value) => value.id === 'cus_bench',
    '@octokit/core': (value) => value.data.full_name === 'bench/sdk',
    'raw fetch': (value) => value.length === 3,
    'raw fetch (control)': (value) => value.length === 3,
  };
  for (const [name, call] of contenders) {
    if (!expected[name](await call())) throw new Error(`per call: ${name} did not get its JSON`);
  }
  // 6,000 measured calls each (1,000 with --quick), after warm-up.
  const rounds = quick ? 10 : 20;
  const perRound = quick ? 100 : 300;
  const result = await interleaved(contenders, {
    rounds,
    perRound,
    warmup: quick ? 200 : 500,
    random,
  });
  await server.close();
  const over = (name) => result.ratio(name, 'raw fetch');
  const ours = over('this package');
  const peers = ['openai', 'stripe', '@octokit/core'];
  const fastestPeer = Math.min(...peers.map(over));
  const calls = `${rounds * perRound} calls each, ${rounds} rounds`;
  record(
    'per call: raw fetch p50',
    fmtMs(result.p50('raw fetch')),
    undefined,
    undefined,
    `(${calls})`,
  );
  const control = over('raw fetch (control)');
  record(
    'per call: control (raw fetch again) over raw fetch',
    fmtRatio(control),
    '1.00× within ±3 %',
    Math.abs(control - 1) <= 0.03,
    Math.abs(control - 1) <= 0.03 ? '(the run is sound)' : '(the machine was too noisy: rerun)',
  );
  for (const name of ['ky alone', ...peers]) {
    record(
      `per call: ${name} over raw fetch`,
      fmtRatio(over(name)),
      undefined,
      undefined,
      `(p50 ${fmtMs(result.p50(name))})`,
    );
  }
  const fastestName = peers.find((name) => over(name) === fastestPeer);
  record(
    'per call: this package over raw fetch',
    fmtRatio(ours),
    '≤ the fastest peer',
    ours <= fastestPeer,
    `(p50 ${fmtMs(result.p50('this package'))}; fastest peer ${fastestName} ${fmtRatio(fastestPeer)}; ${fmtRatio(ours / over('ky alone'))} ky alone)`,
  );
  // What the package adds to the HTTP library it is built on.
  const overKy = ours / over('ky alone');
  record('per call: this package over ky alone', fmtRatio(overKy), '≤ 1.05×', overKy <= 1.05);
}

const importOf = {
  'this package': `import ${JSON.stringify(dist('index.js'))};`,
  'this package’s mock': `import ${JSON.stringify(dist('mock/index.js'))};`,
  'ky alone': `import 'ky';`,
  'zod/mini alone': `import 'zod/mini';`,
  openai: `import 'openai';`,
  stripe: `import 'stripe';`,
  '@octokit/core': `import '@octokit/core';`,
};

/** Import in a fresh process, over a fresh process that imports nothing: wall time, then CPU time. */
export async function benchImport({ quick, random }) {
  const runs = quick ? 5 : 15;
  const times = await timeProcesses({ empty: '', ...importOf }, { runs, random });
  for (const [kind, measure] of [
    ['', times.wall],
    [' (CPU time)', times.cpu],
  ]) {
    const empty = measure.get('empty');
    const over = (name) => measure.get(name) - empty;
    record(
      `import${kind}: an empty process (subtracted below)`,
      fmtMs(empty),
      undefined,
      undefined,
      `(median of ${runs}, interleaved)`,
    );
    for (const name of [
      'ky alone',
      'zod/mini alone',
      'openai',
      'stripe',
      '@octokit/core',
      'this package’s mock',
    ]) {
      record(`import${kind}: ${name}, fresh process, over an empty one`, fmtMs(over(name)));
    }
    const fastestPeer = Math.min(...['openai', 'stripe', '@octokit/core'].map(over));
    record(
      `import${kind}: this package, fresh process, over an empty one`,
      fmtMs(over('this package')),
      'below every peer’s import',
      over('this package') < fastestPeer,
      `(fastest peer ${fmtMs(fastestPeer)})`,
    );
  }
}

const exit = 'process.exit(0);';
const firstCallOf = {
  'this package': `import { PaymentClient } from ${JSON.stringify(dist('index.js'))};
const client = new PaymentClient({ baseUrl: process.env.BENCH_URL, ...${JSON.stringify(CREDENTIALS)} });
await client.withdrawals.listCurrencies(); ${exit}`,
  'raw fetch': `const base = process.env.BENCH_URL;
const login = await fetch(base + '/auth/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(JSON.stringify(CREDENTIALS))} });
const { token } = await login.json();
await (await fetch(base + '/withdraw/company/currencies', { headers: { authorization: 'Bearer ' + token } })).json(); ${exit}`,
  'ky alone': `import ky from 'ky'; await ky.get(process.env.BENCH_URL + '/withdraw/company/currencies').json(); ${exit}`,
  // What a client built on ky cannot go below: ky making this package's two requests.
  'ky alone (login + call)': `import ky from 'ky'; const base = process.env.BENCH_URL;
const { token } = await ky.post(base + '/auth/token', { json: ${JSON.stringify(CREDENTIALS)} }).json();
await ky.get(base + '/withdraw/company/currencies', { headers: { authorization: 'Bearer ' + token } }).json(); ${exit}`,
  openai: `import OpenAI from 'openai';
await new OpenAI({ apiKey: 'sk-bench', baseURL: process.env.BENCH_URL + '/v1', maxRetries: 0 }).models.retrieve('x'); ${exit}`,
  stripe: `import Stripe from 'stripe';
const port = Number(new URL(process.env.BENCH_URL).port);
await new Stripe('sk_test_bench', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0, telemetry: false }).customers.retrieve('cus_bench'); ${exit}`,
  '@octokit/core': `import { Octokit } from '@octokit/core';
await new Octokit({ baseUrl: process.env.BENCH_URL }).request('GET /repos/{owner}/{repo}', { owner: 'bench', repo: 'sdk' }); ${exit}`,
};

/** Import + (login +) first call in a fresh process, over an empty one: wall time, then CPU time. */
export async function benchFirstCall({ quick, random }) {
  const server = await startPlainServer();
  const runs = quick ? 5 : 15;
  const times = await timeProcesses(
    { empty: exit, ...firstCallOf },
    { runs, random, env: { BENCH_URL: server.url } },
  );
  await server.close();
  for (const [kind, measure] of [
    ['', times.wall],
    [' (CPU time)', times.cpu],
  ]) {
    const over = (name) => measure.get(name) - measure.get('empty');
    record(
      `import + first call${kind}: raw fetch (login + call), over an empty process`,
      fmtMs(over('raw fetch')),
    );
    for (const name of ['ky alone', 'openai', 'stripe', '@octokit/core']) {
      record(`import + first call${kind}: ${name}, over an empty process`, fmtMs(over(name)));
    }
    const kyBoth = over('ky alone (login + call)');
    record(
      `import + first call${kind}: ky alone, login + call, over an empty process`,
      fmtMs(kyBoth),
      '',
      undefined,
      `(${fmtRatio(kyBoth / over('raw fetch'))} raw fetch; this package ${fmtRatio(over('this package') / kyBoth)} it)`,
    );
    const ratio = over('this package') / over('raw fetch');
    record(
      `import + login + first call${kind}: this package, over an empty process`,
      fmtMs(over('this package')),
      '≤ 1.35× raw fetch',
      ratio <= 1.35,
      `(${fmtRatio(ratio)} raw fetch)`,
    );
  }
}

/** min + gzip (level 9) of `import * as all from X`, bundled by esbuild for Node, as size-limit does. */
async function bundledSize(specifier) {
  const result = await build({
    stdin: {
      contents: `import * as all from ${JSON.stringify(specifier)};\nconsole.log(all);\n`,
      resolveDir: root,
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0].contents, { level: 9 }).byteLength / 1000;
}

/** The peers' bundles, and this package's the same way (the size-limit rows are the target). */
export async function benchPeerSizes() {
  for (const [name, specifier] of [
    ['this package (client entry)', join(root, 'dist', 'index.js')],
    ['openai', 'openai'],
    ['stripe', 'stripe'],
    ['@octokit/core', '@octokit/core'],
  ]) {
    const kb = await bundledSize(specifier);
    record(`size: ${name}, esbuild for Node, with dependencies, min + gzip`, `${kb.toFixed(2)} kB`);
  }
}
