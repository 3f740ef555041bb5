// Runs every runnable example (examples/*.ts at the top level; not *.test.ts, not *.d.ts, not
// support modules named _*.ts) with tsx, one after another, against the embedded mock: the
// PAYMENT_* variables are removed from the environment so nothing reaches a real service.
// One line per example; on failure its output follows. Exits 1 if any example fails or exceeds
// its time limit.
//
//   node scripts/run-examples.mjs                 # all of them
//   node scripts/run-examples.mjs demo handle     # those whose file name contains a filter
//   EXAMPLE_TIMEOUT_MS=120000 node scripts/run-examples.mjs
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const examplesDir = join(root, 'examples');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
// The project's pinned Node, whatever `node` is first on the PATH.
const pinnedNode = join(root, 'node_modules', '.bin', 'node');
const node = existsSync(pinnedNode) ? pinnedNode : process.execPath;
const timeoutMs = Number(process.env.EXAMPLE_TIMEOUT_MS ?? 60_000);
const filters = process.argv.slice(2);

const env = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('PAYMENT_')),
);

const examples = readdirSync(examplesDir, { withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => entry.name)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
  .filter((name) => !name.startsWith('_'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();

if (!existsSync(tsx)) {
  console.error(`run-examples: ${tsx} not found; run npm install first`);
  process.exit(1);
}
if (examples.length === 0) {
  console.error('run-examples: no example matched');
  process.exit(1);
}

/** Runs one example; resolves with its outcome, never rejects. */
function run(name) {
  return new Promise((resolve) => {
    const started = performance.now();
    // Its own process group, so a timeout kills tsx and the Node process it starts.
    const child = spawn(node, [tsx, join('examples', name)], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    const finish = (code, signal, error) => {
      clearTimeout(timer);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const ok = !timedOut && !error && code === 0;
      const why = timedOut
        ? `timed out after ${timeoutMs / 1000} s`
        : error
          ? error.message
          : signal
            ? `killed by ${signal}`
            : `exit ${code}`;
      resolve({ name, ok, seconds, why, output });
    };
    child.on('error', (error) => finish(null, null, error));
    child.on('close', (code, signal) => finish(code, signal, undefined));
  });
}

const width = Math.max(...examples.map((name) => name.length));
let failed = 0;
for (const name of examples) {
  const result = await run(name);
  if (result.ok) {
    console.log(`ok    ${name.padEnd(width)}  ${result.seconds} s`);
  } else {
    failed++;
    console.log(`FAIL  ${name.padEnd(width)}  ${result.seconds} s  (${result.why})`);
    const indented = result.output.trimEnd().replace(/^/gm, '      | ');
    if (indented) console.log(indented);
  }
}
console.log(
  failed === 0
    ? `run-examples: all ${examples.length} examples passed`
    : `run-examples: ${failed} of ${examples.length} examples failed`,
);
process.exitCode = failed === 0 ? 0 : 1;
