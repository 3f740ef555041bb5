// Packs the package, installs the tarball into a fresh consumer project and checks that the entry
// points work there as ES modules and as CommonJS, that their types resolve in both module systems,
// that the `pix-payment-mock` bin starts and answers, and that everything but `mock.handlers` works
// in a project that never installed msw.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

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

  // The README links the API reference on unpkg, by this version: each linked file must be in the
  // tarball (the reference is written by the prepack script).
  const packed = new Set(
    run('tar', ['-tzf', join(work, tarball)], work)
      .split('\n')
      .map((entry) => entry.replace(/^package\//, '')),
  );
  const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const cdn = `https://unpkg.com/${name}@${version}/`;
  const linked = [...readFileSync(join(root, 'README.md'), 'utf8').matchAll(/\]\(([^)\s#]+)/g)]
    .map((match) => match[1])
    .filter((target) => target.startsWith(cdn))
    .map((target) => target.slice(cdn.length));
  const absent = linked.filter((path) => !packed.has(path));
  if (linked.length === 0 || absent.length > 0 || !packed.has('docs/reference/README.md')) {
    throw new Error(
      `the README links files the tarball lacks: ${absent.join(', ') || 'the reference'}`,
    );
  }
  step(`the API reference is in the tarball, with the ${linked.length} files the README links`);

  // A clean project with the tarball and the packages a merchant would have (an msw release,
  // redis, or neither).
  const consumerProject = (name, ...packages) => {
    const project = join(work, name);
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name, private: true }));
    const flags = ['--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];
    run(npm, ['install', ...flags, join(work, tarball), ...packages], project);
    return project;
  };

  const consumer = consumerProject('consumer', 'msw@3', 'redis@6');
  step('installed the tarball into a clean project');

  // The merchant flow, either through `mock.fetch` or through msw's setupServer patching the
  // global fetch (the way downstream test suites use the mock).
  const flow = (load, transport) => `
    const { PaymentClient, PaymentValidationError, brlBalance, buildWithdrawal, selectCurrency, isPaymentError } = ${load('pix-payment-sdk')};
    const { createPaymentServiceMock } = ${load('pix-payment-sdk/mock')};
    const mock = createPaymentServiceMock({ seed: 1 });
    ${
      transport === 'msw'
        ? `const { setupServer } = ${load('msw/node')};
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledFrame: 'error', onUnhandledRequest: 'error' });
    const client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials });`
        : 'const client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials, fetch: mock.fetch });'
    }
    const customer = mock.customers.create();
    const pixKey = await client.pixKeys.ensure(customer._id, { type: 'EMAIL', key: 'smoke@example.com' });
    const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
    const created = await client.withdrawals.create(buildWithdrawal({ amount: '1.23', customerId: customer._id, currency, pixKey }));
    if (created.status !== 'PENDING' || !created.externalId) throw new Error('unexpected ' + JSON.stringify(created));
    // The company account and the crypto rails load their code at their first call.
    const [balances, [usdt]] = await Promise.all([client.company.getBalance(), client.withdrawals.listCryptocurrencies()]);
    const quote = await client.withdrawals.quote({ amount: '1', cryptocurrency: usdt });
    if (!Array.isArray(balances) || typeof quote.rate !== 'string') throw new Error('lazily loaded calls: ' + JSON.stringify([balances, quote]));
    // The ES module build gives those areas their own copies of the models (scripts/area-copies.ts):
    // the balance's exact texts still reach brlBalance, and their errors are the entry's classes.
    if (typeof brlBalance(balances)?.availableCents !== 'number') throw new Error('brlBalance: ' + JSON.stringify(balances));
    const refused = await client.withdrawals.quote({ amount: '1.1234567', cryptocurrency: usdt }).catch((error) => error);
    if (!(refused instanceof PaymentValidationError)) throw new Error('expected a PaymentValidationError: ' + refused);
    const failure = await client.pixKeys.list('0'.repeat(24)).catch((error) => error);
    if (!isPaymentError(failure) || failure.status !== 404) throw new Error('expected a NotFoundError');
    // A webhook to a real receiver: it passes msw's interception (which errors on anything unhandled).
    const { createServer } = ${load('node:http')};
    const receiver = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end()));
    await new Promise((done) => receiver.listen(0, '127.0.0.1', done));
    mock.webhooks.setUrl('http://127.0.0.1:' + receiver.address().port + '/webhooks');
    const delivery = await mock.withdrawals.settle(created._id, 'PAID');
    receiver.close();
    if (delivery.outcome !== 'delivered') throw new Error('webhook not delivered: ' + JSON.stringify(delivery));
    ${transport === 'msw' ? 'server.close();' : ''}
    console.log('ok');`;

  const runFlow = (project, label, transport) => {
    const esm = join(project, `esm-${transport}.mjs`);
    writeFileSync(
      esm,
      flow((name) => `await import('${name}')`, transport),
    );
    if (run('node', [esm], project).trim() !== 'ok') throw new Error(`${label}: ESM flow failed`);
    const cjs = join(project, `cjs-${transport}.cjs`);
    writeFileSync(
      cjs,
      `(async () => {${flow((name) => `require('${name}')`, transport)}})().catch((e) => { console.error(e); process.exit(1); });`,
    );
    if (run('node', [cjs], project).trim() !== 'ok')
      throw new Error(`${label}: CommonJS flow failed`);
    step(
      `${label}: import and require run the whole flow through ${transport === 'msw' ? 'setupServer' : 'mock.fetch'}`,
    );
  };

  // Jest 30 as the testing guide sets it up: ES modules through --experimental-vm-modules, the
  // test file untransformed. Jest resolves msw and the package from the project's node_modules.
  const runJest = (project, label) => {
    writeFileSync(
      join(project, 'flow.test.mjs'),
      `import { it } from '@jest/globals';
      it('runs the whole flow through setupServer', async () => {${flow((name) => `await import('${name}')`, 'msw')}}, 60_000);`,
    );
    const jest = spawnSync(
      process.execPath,
      [
        '--experimental-vm-modules',
        '--disable-warning=ExperimentalWarning',
        join(root, 'node_modules/jest/bin/jest.js'),
        '--rootDir',
        project,
        '--ci',
        '--silent',
      ],
      { cwd: project, encoding: 'utf8', timeout: 120_000 },
    );
    if (jest.status !== 0) throw new Error(`${label}: Jest failed:\n${jest.stdout}${jest.stderr}`);
    step(`${label}: Jest 30 runs the flow through setupServer`);
  };

  runFlow(consumer, 'msw 3', 'fetch');
  runFlow(consumer, 'msw 3', 'msw');
  runJest(consumer, 'msw 3');

  // pix-payment-sdk/redis with a client of the redis package that is not connected: the store
  // answers at once (no token, no lock to wait for) and warns, so the client would log in alone.
  const redisFlow = (load) => `
    const { RedisTokenStore } = ${load('pix-payment-sdk/redis')};
    const { createClient } = ${load('redis')};
    const warnings = [];
    const store = new RedisTokenStore({ client: createClient(), key: 'smoke:token', logger: { warn: (m, f) => warnings.push(f.event) } });
    if ((await store.get()) !== undefined) throw new Error('expected no token');
    const lock = await store.lock();
    if (!lock) throw new Error('expected a lock that holds nothing');
    await lock.release();
    if (warnings.join() !== 'token-store-unavailable') throw new Error('unexpected warnings ' + warnings);
    console.log('ok');`;
  writeFileSync(
    join(consumer, 'esm-redis.mjs'),
    redisFlow((name) => `await import('${name}')`),
  );
  writeFileSync(
    join(consumer, 'cjs-redis.cjs'),
    `(async () => {${redisFlow((name) => `require('${name}')`)}})().catch((e) => { console.error(e); process.exit(1); });`,
  );
  for (const file of ['esm-redis.mjs', 'cjs-redis.cjs']) {
    if (run('node', [join(consumer, file)], consumer).trim() !== 'ok')
      throw new Error(`${file}: the RedisTokenStore flow failed`);
  }
  step('redis 6: import and require of pix-payment-sdk/redis, with a disconnected client');

  // The peer range promises msw 2 from 2.11 (the first with predicate handlers): prove its lower
  // bound and its newest release, each in a clean project of its own.
  let withoutRedis;
  for (const msw of ['msw@2.11.0', 'msw@2']) {
    const project = consumerProject(msw.replace(/\W/g, '-'), msw);
    withoutRedis = project;
    const version = JSON.parse(
      readFileSync(join(project, 'node_modules/msw/package.json'), 'utf8'),
    ).version;
    runFlow(project, `msw ${version}`, 'msw');
    runJest(project, `msw ${version}`);
  }
  // msw 2's setupServer patches the global fetch, which Bun and Deno use too (msw 3's does not
  // intercept there: docs/compatibility.md). The newest msw 2, through setupServer, in both.
  // Deno: a loaded msw keeps the process alive, so the script ends it.
  writeFileSync(
    join(withoutRedis, 'runtime-msw.mjs'),
    `${flow((name) => `await import('${name}')`, 'msw')}\nglobalThis.Deno?.exit(0);`,
  );
  const runtimes = [
    ['Bun', join(root, 'node_modules/.bin/bun'), ['runtime-msw.mjs']],
    ['Deno', join(root, 'node_modules/.bin/deno'), ['run', '-A', 'runtime-msw.mjs']],
  ];
  for (const [name, binary, args] of runtimes) {
    if (run(binary, args, withoutRedis).trim() !== 'ok')
      throw new Error(`${name}: setupServer with msw 2 failed`);
  }
  step('msw 2: Bun and Deno run the whole flow through setupServer');
  // redis is an optional peer: without it installed, pix-payment-sdk/redis still loads.
  const loads = `const { RedisTokenStore } = LOAD; if (typeof RedisTokenStore !== 'function') throw new Error('no RedisTokenStore'); console.log('ok');`;
  writeFileSync(
    join(withoutRedis, 'no-redis.mjs'),
    loads.replace('LOAD', "await import('pix-payment-sdk/redis')"),
  );
  writeFileSync(
    join(withoutRedis, 'no-redis.cjs'),
    loads.replace('LOAD', "require('pix-payment-sdk/redis')"),
  );
  for (const file of ['no-redis.mjs', 'no-redis.cjs']) {
    if (run('node', [join(withoutRedis, file)], withoutRedis).trim() !== 'ok')
      throw new Error(`${file}: pix-payment-sdk/redis needs redis at runtime`);
  }
  step('without redis installed, import and require of pix-payment-sdk/redis still load');
  // @opentelemetry/api is an optional peer too: without it, the client and its hooks (tracing
  // through a tracer the caller passes) load and run.
  const traced = (load) => `
    let api = true;
    try { ${load('@opentelemetry/api')}; } catch { api = false; }
    if (api) throw new Error('@opentelemetry/api is installed here');
    const { PaymentClient, openTelemetryHooks } = ${load('pix-payment-sdk')};
    const { createPaymentServiceMock } = ${load('pix-payment-sdk/mock')};
    const mock = createPaymentServiceMock({ seed: 1 });
    const ended = [];
    const tracer = { startSpan: (name) => ({ isRecording: () => false, end: () => ended.push(name), setAttributes() {}, addEvent() {}, setStatus() {} }) };
    const calls = [];
    const hooks = [openTelemetryHooks(tracer), { onCallEnd: (event) => calls.push(event.pathTemplate) }];
    const client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials, fetch: mock.fetch, hooks });
    await client.withdrawals.listCurrencies();
    if (calls.join() !== '/auth/token,/withdraw/company/currencies' || ended.length !== 2) throw new Error('hooks: ' + calls + ' ' + ended);
    console.log('ok');`;
  writeFileSync(
    join(withoutRedis, 'no-otel.mjs'),
    traced((name) => `await import('${name}')`),
  );
  writeFileSync(
    join(withoutRedis, 'no-otel.cjs'),
    `(async () => {${traced((name) => `require('${name}')`)}})().catch((e) => { console.error(e); process.exit(1); });`,
  );
  for (const file of ['no-otel.mjs', 'no-otel.cjs']) {
    if (run('node', [join(withoutRedis, file)], withoutRedis).trim() !== 'ok')
      throw new Error(`${file}: the client's hooks need @opentelemetry/api`);
  }
  step('without @opentelemetry/api installed, import and require of the client and its hooks run');

  // The mock promises to run in a browser (Web APIs only outside the server and the bin): bundle
  // it with msw's setupWorker for the browser platform, where a Node built-in cannot resolve.
  const { build } = await import('esbuild');
  writeFileSync(
    join(consumer, 'browser-entry.mjs'),
    `import { createPaymentServiceMock } from 'pix-payment-sdk/mock';
    import { PaymentClient } from 'pix-payment-sdk';
    import { setupWorker } from 'msw/browser';
    const mock = createPaymentServiceMock();
    export const worker = setupWorker(...mock.handlers);
    export const client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials, dangerouslyAllowBrowser: true });`,
  );
  const bundle = await build({
    entryPoints: [join(consumer, 'browser-entry.mjs')],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'error',
    absWorkingDir: consumer,
  });
  const browserBytes = bundle.outputFiles.reduce((sum, file) => sum + file.contents.length, 0);
  step(
    `browser: the mock, the client and setupWorker bundle for the browser (${Math.round(browserBytes / 1024)} KiB, no Node built-in)`,
  );

  const typeCheck = `
    import { PaymentClient, type PixKey, type WithdrawalRequest, buildWithdrawal } from 'pix-payment-sdk';
    import { createPaymentServiceMock } from 'pix-payment-sdk/mock';
    import { RedisTokenStore } from 'pix-payment-sdk/redis';
    import { createClient } from 'redis';
    const mock = createPaymentServiceMock();
    const tokenStore = new RedisTokenStore({ client: createClient({ url: 'redis://127.0.0.1:6379' }) });
    const client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials, fetch: mock.fetch, tokenStore });
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
    'types: the three entry points type-check as ESM (.mts) and CommonJS (.cts) under module nodenext',
  );

  // Without msw: the client over mock.fetch, the bin and startMockServer work; mock.handlers
  // says how to install msw.
  const bare = consumerProject('without-msw');
  runFlow(bare, 'without msw', 'fetch');
  const handlersError = (load) =>
    `const { createPaymentServiceMock } = ${load('pix-payment-sdk/mock')};
    try { createPaymentServiceMock().handlers; console.log('no error'); } catch (error) { console.log(error.message); }`;
  writeFileSync(
    join(bare, 'handlers.mjs'),
    handlersError((name) => `await import('${name}')`),
  );
  writeFileSync(
    join(bare, 'handlers.cjs'),
    handlersError((name) => `require('${name}')`),
  );
  for (const file of ['handlers.mjs', 'handlers.cjs']) {
    const said = run('node', [file], bare);
    if (!said.includes('npm install --save-dev msw')) {
      throw new Error(`without msw, ${file}: mock.handlers said ${JSON.stringify(said)}`);
    }
  }
  step('without msw: mock.handlers throws, saying npm install --save-dev msw');
  // Workers and edge functions: Wrangler and Next.js bundle with the `workerd` / `edge-light`
  // conditions (then `worker`, `browser`). Their build of the mock never imports msw, so the
  // bundle resolves in a project without msw.
  writeFileSync(
    join(bare, 'worker-entry.mjs'),
    `import { createPaymentServiceMock } from 'pix-payment-sdk/mock';
    import { PaymentClient } from 'pix-payment-sdk';
    export default { async fetch() {
      const mock = createPaymentServiceMock();
      const client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials, fetch: mock.fetch });
      return Response.json(await client.withdrawals.listCurrencies());
    } };`,
  );
  for (const conditions of [
    ['workerd', 'worker', 'browser'],
    ['edge-light', 'worker', 'browser'],
  ]) {
    await build({
      entryPoints: [join(bare, 'worker-entry.mjs')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      conditions,
      write: false,
      logLevel: 'error',
      absWorkingDir: bare,
    });
  }
  step('without msw: the mock bundles for Workers (workerd) and edge functions (edge-light)');
  // The declarations name msw's handler type; with skipLibCheck (the usual setting) a project
  // without msw type-checks.
  // That project has neither msw nor redis: the same check, without the Redis store.
  const typeCheckBare = typeCheck
    .split('\n')
    .filter((line) => !/redis|RedisTokenStore/i.test(line))
    .join('\n')
    .replace(', tokenStore })', ' })');
  writeFileSync(join(bare, 'check.mts'), typeCheckBare);
  writeFileSync(
    join(bare, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        target: 'es2023',
        lib: ['es2023', 'dom'],
        types: [],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
      },
      files: ['check.mts'],
    }),
  );
  run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', bare], bare);
  step('without msw: the entry points type-check (skipLibCheck)');

  // The guides and examples ship in the package: every relative link of every shipped document
  // resolves inside the install, and so does the guide that --help points to.
  const installed = join(bare, 'node_modules/pix-payment-sdk');
  const documents = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : documents(path);
      return entry.name.endsWith('.md') ? [path] : [];
    });
  const broken = documents(installed).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((match) => match[1])
      .filter((target) => !/^[a-z]+:/.test(target))
      .filter((target) => !existsSync(join(dirname(file), target)))
      .map((target) => `${file.slice(installed.length + 1)} → ${target}`),
  );
  if (broken.length > 0)
    throw new Error(`links that lead nowhere in an install:\n${broken.join('\n')}`);

  const bin = join(bare, 'node_modules/.bin/pix-payment-mock');
  const help = run(bin, ['--help'], bare);
  const guide = /^Guide: (.+)$/m.exec(help)?.[1] ?? '';
  if (!help.includes('/__mock/state') || !guide.startsWith(installed) || !existsSync(guide)) {
    throw new Error(
      `pix-payment-mock --help lists no control routes or no shipped guide:\n${help}`,
    );
  }
  step('install: every link of the shipped guides resolves, and --help points to the guide');
  const server = spawn(bin, ['--port', '0'], { cwd: bare });
  const url = await new Promise((resolvePromise, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the bin printed no URL: ${out}`)), 15_000);
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolvePromise(match[0]);
      }
    });
    server.on('exit', (code) => reject(new Error(`the bin exited early with ${code}: ${out}`)));
  });
  const answer = await fetch(`${url}/withdraw/company/currencies`);
  if (answer.status !== 401) throw new Error(`expected 401 without a token, got ${answer.status}`);
  const exited = new Promise((resolvePromise) => server.on('exit', (code) => resolvePromise(code)));
  server.kill('SIGTERM');
  if ((await exited) !== 0) throw new Error('the bin did not stop cleanly on SIGTERM');
  step(`without msw: pix-payment-mock --help, then served ${url} and stopped cleanly on SIGTERM`);
  const freed = await npxStopsOnSigterm(bare);
  step(`npx pix-payment-mock: a SIGTERM to npx stopped the bin and freed ${freed}`);
  console.log('smoke: all checks passed');
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * Starts `npx pix-payment-mock` in `cwd`, sends SIGTERM to npx alone (npm ends, and its shell,
 * without passing it on), and resolves with the URL once its port is free again; throws if the
 * bin keeps serving.
 */
async function npxStopsOnSigterm(cwd) {
  const npx = spawn('npx', ['--no-install', 'pix-payment-mock', '--port', '0'], {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await new Promise((resolvePromise, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`npx printed no URL: ${out}`)), 30_000);
      npx.stdout.on('data', (chunk) => {
        out += chunk;
        const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
        if (match) {
          clearTimeout(timer);
          resolvePromise(match[0]);
        }
      });
      npx.on('exit', (code) => reject(new Error(`npx exited early with ${code}: ${out}`)));
    });
    const exited = new Promise((resolvePromise) => npx.on('exit', () => resolvePromise()));
    npx.kill('SIGTERM');
    await exited;
    for (let attempt = 0; attempt < 50; attempt++) {
      const serving = await fetch(`${url}/__mock/clock`).then(
        () => true,
        () => false,
      );
      if (!serving) return url;
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 100));
    }
    throw new Error(`after a SIGTERM to npx, pix-payment-mock still serves ${url}`);
  } finally {
    // Whatever of npx's process group is left (a bin that did not stop) goes.
    try {
      process.kill(-npx.pid, 'SIGKILL');
    } catch {
      // Nothing is left.
    }
  }
}
