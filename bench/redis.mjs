// Benchmarks of RedisTokenStore (dist/redis), run by bench/run.mjs against a throwaway
// redis-server on a free loopback port, started the way the test suite starts one. Without
// redis-server on this machine the rows say so and the rest of the run goes on.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (path) => pathToFileURL(join(root, 'dist', path)).href;
const CREDENTIALS = { email: 'bench@example.com', password: 'bench-password' };

async function connect(url) {
  const { createClient } = await import('redis');
  return createClient({ url })
    .on('error', () => undefined)
    .connect();
}

/** Per call, token cached: a client with RedisTokenStore against one with the in-memory store. */
async function perCall({ record, summary, fmtMs, startPlainServer, scale }, redisUrl) {
  const { PaymentClient } = await import(dist('index.js'));
  const { RedisTokenStore } = await import(dist('redis/index.js'));
  const server = await startPlainServer({ tokenLifetimeSeconds: 3600 });
  const redis = await connect(redisUrl);
  const shared = new PaymentClient({
    baseUrl: server.url,
    ...CREDENTIALS,
    tokenStore: new RedisTokenStore({ client: redis, key: 'bench:per-call:token' }),
  });
  const memory = new PaymentClient({ baseUrl: server.url, ...CREDENTIALS });
  const calls = {
    redis: () => shared.withdrawals.listCurrencies(),
    memory: () => memory.withdrawals.listCurrencies(),
  };
  for (let i = 0; i < 300; i++) {
    await calls.redis();
    await calls.memory();
  }
  const commandsBefore = await processedCommands(redis);
  const samples = { redis: [], memory: [] };
  const perRound = Math.round(400 * scale);
  // Alternate which goes first, so that drift in the machine's speed hits both alike.
  for (let round = 0; round < 10; round++) {
    const order = round % 2 === 0 ? ['redis', 'memory'] : ['memory', 'redis'];
    for (const name of order) {
      for (let i = 0; i < perRound; i++) {
        const start = performance.now();
        await calls[name]();
        samples[name].push(performance.now() - start);
      }
    }
  }
  // The INFO that reads the count is itself one command.
  const commands = (await processedCommands(redis)) - commandsBefore - 1;
  const r = summary(samples.redis);
  const m = summary(samples.memory);
  const ratio = r.median / m.median;
  record('redis store: listCurrencies() median, token cached locally', fmtMs(r.median));
  record('in-memory store: listCurrencies() median', fmtMs(m.median));
  record(
    'redis store per call against the in-memory store (median)',
    `${ratio.toFixed(3)}×`,
    'within 1.05×',
    ratio <= 1.05,
    `(${commands} Redis commands in ${samples.redis.length} calls)`,
  );
  redis.destroy();
  await server.close();
}

async function processedCommands(redis) {
  const info = String(await redis.sendCommand(['INFO', 'stats']));
  return Number(/total_commands_processed:(\d+)/.exec(info)?.[1]);
}

// One cold process: imports the built package, connects to Redis when sharing, says `ready`, and
// on `go` makes its first call and says `done`.
const COLD_PROCESS = `
  const [{ PaymentClient }, { RedisTokenStore }] = await Promise.all([
    import(${JSON.stringify(dist('index.js'))}),
    import(${JSON.stringify(dist('redis/index.js'))}),
  ]);
  const env = process.env;
  let redis;
  if (env.BENCH_REDIS_URL) {
    const { createClient } = await import('redis');
    redis = await createClient({ url: env.BENCH_REDIS_URL }).on('error', () => undefined).connect();
  }
  const client = new PaymentClient({
    baseUrl: env.BENCH_URL, email: 'bench@example.com', password: 'bench-password',
    ...(redis ? { tokenStore: new RedisTokenStore({ client: redis, key: env.BENCH_KEY }) } : {}),
  });
  const { createInterface } = await import('node:readline');
  console.log('ready');
  for await (const _ of createInterface({ input: process.stdin })) {
    await client.withdrawals.listCurrencies();
    console.log('done');
    break;
  }
  redis?.destroy();
`;

/** Starts `count` cold processes, then times how long they take to finish their first call. */
async function coldFleet(count, env) {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['--input-type=module', '-e', COLD_PROCESS], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  const lineOf = (child) => {
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    return async () => (await lines.next()).value;
  };
  const readers = children.map(lineOf);
  await Promise.all(
    readers.map(async (next) =>
      (await next()) === 'ready' ? 0 : Promise.reject(new Error('no ready')),
    ),
  );
  const start = performance.now();
  for (const child of children) child.stdin.write('go\n');
  await Promise.all(
    readers.map(async (next) =>
      (await next()) === 'done' ? 0 : Promise.reject(new Error('no done')),
    ),
  );
  const elapsed = performance.now() - start;
  // End of input lets each process exit.
  const exited = children.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of children) child.stdin.end();
  await Promise.all(exited);
  return elapsed;
}

/** 20 cold processes' first call, with and without a shared RedisTokenStore. */
async function coldProcesses({ record, summary, fmtMs, startPlainServer, quick }, redisUrl) {
  // A login the service takes 100 ms to answer, as a real one takes a while (password hashing).
  const server = await startPlainServer({ tokenLifetimeSeconds: 3600, loginDelayMs: 100 });
  const times = { memory: [], redis: [] };
  const logins = { memory: [], redis: [] };
  const redis = await connect(redisUrl);
  for (let run = 0; run < (quick ? 1 : 3); run++) {
    for (const mode of ['memory', 'redis']) {
      const key = `bench:cold:${run}:token`;
      const before = server.state.tokenRequests;
      const env = {
        BENCH_URL: server.url,
        BENCH_KEY: key,
        BENCH_REDIS_URL: mode === 'redis' ? redisUrl : '',
      };
      times[mode].push(await coldFleet(20, env));
      logins[mode].push(server.state.tokenRequests - before);
      await redis.del(key);
    }
  }
  redis.destroy();
  await server.close();
  for (const [mode, label] of [
    ['memory', 'in-memory store (each its own login)'],
    ['redis', 'one RedisTokenStore'],
  ]) {
    record(
      `20 cold processes, first call of all, ${label}`,
      fmtMs(summary(times[mode]).median),
      undefined,
      undefined,
      `(logins per run: ${logins[mode].join(', ')}; login answered in 100 ms)`,
    );
  }
}

/** The Redis rows of `npm run bench`. */
export async function benchRedis(tools) {
  const { locate } = await tsImport('../test/support/externals.ts', import.meta.url);
  const { startRedisServer } = await tsImport('../test/support/redis-server.ts', import.meta.url);
  const executable = locate('redis');
  if (executable === undefined) {
    tools.record(
      'redis store',
      'skipped: redis-server not found (sudo apt-get install redis-server)',
    );
    return;
  }
  const server = await startRedisServer(executable);
  try {
    await perCall(tools, server.url);
    await coldProcesses(tools, server.url);
  } finally {
    await server.close();
  }
}
