// The standalone mock server (the bin) against a bare `node:http` server, each in a process of
// its own, loaded by autocannon from this process with 10 connections, in alternating runs: the
// authenticated GET of the currency list, then the authenticated POST of a new withdrawal.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { fmtRatio, median, record, root } from './lib.mjs';

const CONNECTIONS = 10;

/** Starts `node <args>` and reads what it prints until `pattern` matches. */
async function startProcess(args, pattern) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const match = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no address printed: ${out}`)), 15_000);
    child.once('exit', (code) => reject(new Error(`exited (${code}) before listening: ${out}`)));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const found = pattern.exec(out);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
  });
  return {
    match,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve).kill('SIGTERM');
      }),
  };
}

/**
 * Requests per second answered 2xx over one run; any other answer, error or timeout fails the
 * benchmark, so a wrong token or body cannot pass for speed.
 */
async function load(name, duration, options) {
  const result = await autocannon({ connections: CONNECTIONS, duration, ...options });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return result.requests.average;
}

/** The mock server (bin) and a bare server side by side, as ratios; then mock.fetch in process. */
export async function benchMockServer({ quick, random }) {
  // The bin prints its URL, the seeded credentials and the seeded customer (mock/bin.ts).
  const mock = await startProcess(
    [join(root, 'dist', 'mock', 'bin.js'), '--port', '0', '--seed', '1'],
    /listening on (\S+)\s+email:\s+(\S+)\s+password:\s+(\S+)\s+customer id:\s+(\S+)/,
  );
  const [, url, email, password, customerId] = mock.match;
  const login = await fetch(`${url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { token } = await login.json();
  const authorization = `Bearer ${token}`;
  const headers = { authorization, 'content-type': 'application/json' };
  const listed = await (await fetch(`${url}/withdraw/company/currencies`, { headers })).text();
  const [currency] = JSON.parse(listed);
  const added = await fetch(`${url}/pix/customer/${customerId}/key`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ type: 'EMAIL', key: 'bench@example.com' }),
  });
  const { key: pixKey } = await added.json();
  // The bare server answers the GET with the mock's very bytes.
  const bare = await startProcess(
    [join(root, 'bench', 'bare-server.mjs'), listed],
    /listening on (\S+)/,
  );
  const bareUrl = bare.match[1];

  let sequence = 0;
  const withdrawal = (base) => ({
    url: `${base}/withdraw`,
    method: 'POST',
    headers,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          // One cent, a new externalId each: every request creates a withdrawal.
          body: JSON.stringify({
            amount: 0.01,
            customerId,
            currency,
            pixKey,
            externalId: `bench-${sequence++}`,
          }),
        }),
      },
    ],
  });
  const list = (base) => ({
    url: `${base}/withdraw/company/currencies`,
    headers: { authorization },
  });
  const runs = quick ? 2 : 4;
  const duration = quick ? 2 : 3;
  for (const [label, options, target, goal] of [
    ['authenticated GET /withdraw/company/currencies', list, 'GET', 0.5],
    ['authenticated POST /withdraw (a new withdrawal each)', withdrawal, 'POST', 0.35],
  ]) {
    // Warm both up, then alternate, the order of each pair drawn from the seeded generator.
    await load(`bare ${target}`, 1, options(bareUrl));
    await load(`mock ${target}`, 1, options(url));
    const rates = { bare: [], mock: [] };
    for (let run = 0; run < runs; run++) {
      const order = random() < 0.5 ? ['bare', 'mock'] : ['mock', 'bare'];
      for (const name of order) {
        rates[name].push(
          await load(`${name} ${target}`, duration, options(name === 'bare' ? bareUrl : url)),
        );
      }
    }
    const ratio = median(rates.mock.map((rate, index) => rate / rates.bare[index]));
    record(
      `mock server: ${label}, over a bare node:http server`,
      fmtRatio(ratio),
      `≥ ${goal.toFixed(2)}×`,
      ratio >= goal,
      `(median of ${runs} alternated ${duration} s runs, ${CONNECTIONS} connections: mock ${Math.round(median(rates.mock))} req/s, bare ${Math.round(median(rates.bare))} req/s)`,
    );
  }
  await Promise.all([mock.stop(), bare.stop()]);
}
