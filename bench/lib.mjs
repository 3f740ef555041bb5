// What the benchmarks share: the rows they record, statistics, a seeded shuffle, the loopback
// server every contender calls, and the timing of fresh processes.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const dist = (path) => pathToFileURL(join(root, 'dist', path)).href;

export const rows = [];

/** Records one row: printed at once, written to RESULTS.md at the end. `pass` undefined: no target. */
export function record(name, value, target, pass, note = '') {
  rows.push({ name, value, target, pass, note });
  const mark = pass === undefined ? '  ' : pass ? 'ok' : '!!';
  console.log(
    `${mark} ${name}: ${value}${target ? `  (target: ${target})` : ''}${note ? `  ${note}` : ''}`,
  );
}

export function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export function median(values) {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

export function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
}

export const fmtMs = (ms) => `${ms.toFixed(3)} ms`;
export const fmtRatio = (ratio) => `${ratio.toFixed(2)}×`;

/** A small seeded generator (mulberry32): the same seed gives the same orders. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Fisher–Yates, in place, with the given generator. */
export function shuffle(items, random) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/**
 * Rounds of `perRound` sequential calls of every contender (`[name, call, before?]`; `before`
 * runs untimed at the start of the contender's turn), in an order shuffled every round. Returns, for each contender, the p50 of each round; `ratio(name, base)` is the median over the
 * rounds of the two p50s' ratio, so that drift in the machine's speed cancels within a round.
 */
export async function interleaved(contenders, { rounds, perRound, warmup, random }) {
  for (const [, call, before] of contenders) {
    before?.();
    for (let i = 0; i < warmup; i++) await call();
  }
  const p50s = new Map(contenders.map(([name]) => [name, []]));
  const samples = new Array(perRound);
  for (let round = 0; round < rounds; round++) {
    for (const [name, call, before] of shuffle([...contenders], random)) {
      before?.();
      for (let i = 0; i < perRound; i++) {
        const start = performance.now();
        await call();
        samples[i] = performance.now() - start;
      }
      p50s.get(name).push(median(samples));
    }
  }
  return {
    p50: (name) => median(p50s.get(name)),
    ratio: (name, base) =>
      median(p50s.get(name).map((value, round) => value / p50s.get(base)[round])),
  };
}

function base64url(value) {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function jwt(expSeconds) {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: 'bench', exp: expSeconds })}.c2lnbmF0dXJl`;
}

const now = new Date().toISOString();
/** What each contender's route answers: the JSON its SDK expects, encoded once. */
const bodies = {
  '/withdraw/company/currencies': ['BRL', 'USD', 'EUR'].map((name, index) => ({
    _id: `65a1f0c2e4b0a1b2c3d4e5f${index}`,
    name,
    type: 'PIX',
    symbol: name === 'BRL' ? 'R$' : name,
    createdDate: now,
    updatedDate: now,
    __v: 0,
    supplierFeeByActivity: { servicetreeal: { type: 'PERCENTAGE', value: 1.5 } },
  })),
  '/v1/models/x': { id: 'x', object: 'model', created: 1_700_000_000, owned_by: 'bench' },
  '/v1/customers/cus_bench': {
    id: 'cus_bench',
    object: 'customer',
    created: 1_700_000_000,
    email: 'bench@example.com',
    livemode: false,
    metadata: {},
  },
  '/repos/bench/sdk': {
    id: 1,
    name: 'sdk',
    full_name: 'bench/sdk',
    private: false,
    owner: { login: 'bench', id: 1, type: 'Organization' },
    default_branch: 'main',
  },
};
const encoded = new Map(
  Object.entries(bodies).map(([path, body]) => [path, Buffer.from(JSON.stringify(body))]),
);

/**
 * One keep-alive `node:http` server on 127.0.0.1 answering every contender: the service's login
 * and currency list, and the routes the peers' SDKs call. Counts the logins.
 */
export async function startPlainServer({ tokenLifetimeSeconds = 3600, loginDelayMs = 0 } = {}) {
  const state = { tokenRequests: 0 };
  const send = (response, body) => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': body.byteLength,
    });
    response.end(body);
  };
  const server = createServer({ keepAlive: true }, (request, response) => {
    if (request.method === 'POST' && request.url === '/auth/token') {
      state.tokenRequests += 1;
      request.resume();
      request.on('end', async () => {
        if (loginDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, loginDelayMs));
        const token = jwt(Math.floor(Date.now() / 1000) + tokenLifetimeSeconds);
        send(response, Buffer.from(JSON.stringify({ token })));
      });
      return;
    }
    const body = encoded.get(request.url?.split('?')[0] ?? '');
    if (body !== undefined) {
      request.resume();
      send(response, body);
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json', 'content-length': 23 });
    response.end('{"message":"Not Found"}');
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    state,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

// Put before a fresh process's script: at exit, the process writes the CPU time it used (user +
// system, in ms, from `process.cpuUsage()`) to its fd 3. `process.exit()` runs 'exit' listeners.
const CPU_REPORT = `import { writeSync as writeCpu } from 'node:fs';
process.on('exit', () => { const cpu = process.cpuUsage(); writeCpu(3, String((cpu.user + cpu.system) / 1000)); });
`;

/**
 * Spawns `node --input-type=module -e source` (in the project root) and resolves with its wall
 * time from spawn to exit and the CPU time it used itself (user + system, as `process.cpuUsage()`
 * reads it at exit). On a loaded machine the CPU time is the steadier figure: the time the process
 * waited for a core is in the wall time only.
 */
export function timeProcess(source, env = {}) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', CPU_REPORT + source], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    let cpu = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.stdio[3].on('data', (chunk) => {
      cpu += chunk;
    });
    child.once('error', reject);
    // 'close': the process has exited and its fd 3 is read to the end.
    child.once('close', (code) => {
      const wall = performance.now() - start;
      if (code === 0) resolve({ wall, cpu: Number(cpu) });
      else reject(new Error(`a fresh process failed (${code}): ${errors}\n${source}`));
    });
  });
}

/**
 * Times each script in fresh processes, `runs` times, interleaved (shuffled every run), after one
 * discarded run each. Returns each script's median wall time (`wall`) and median CPU time of the
 * process itself (`cpu`), in ms.
 */
export async function timeProcesses(scripts, { runs, random, env }) {
  const entries = Object.entries(scripts);
  for (const [, source] of entries) await timeProcess(source, env);
  const times = new Map(entries.map(([name]) => [name, []]));
  for (let run = 0; run < runs; run++) {
    for (const [name, source] of shuffle([...entries], random)) {
      times.get(name).push(await timeProcess(source, env));
    }
  }
  const medians = (key) =>
    new Map([...times].map(([name, values]) => [name, median(values.map((v) => v[key]))]));
  return { wall: medians('wall'), cpu: medians('cpu') };
}
