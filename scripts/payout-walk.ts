/**
 * Measures the walk of one payout through the mock: `client.withdrawals.create(…)` answered by
 * `setupServer(...mock.handlers)` (MSW), from the request reaching the mock's MSW handler to the
 * answer leaving it, then `mock.withdrawals.settle(id)` up to its webhook leaving for the
 * account's URL. Among the package's own files (`mock/`, `src/`) it counts, exactly:
 *
 * - the files entered: V8's precise coverage with call counts, taken around one payout and its
 *   settle after a warm-up (so that nothing done once, on first use, is counted): every function
 *   called at least once, grouped by file;
 * - the hops, a call from a function of one file into a function of another: a breakpoint on the
 *   first statement of every function the coverage saw called, and, at each stop during a second
 *   payout, the calling frame's file beside the called one. Each call counts (a function entered
 *   twice from another file is two hops), and so does each distinct pair of files.
 *
 * Only the mock's side is counted: the client's own files run before the handler and after the
 * answer. A call from the mock into `src/` (the seam, the package's public entry) is a hop; the
 * handler's call by msw is the first.
 *
 * @example
 * ```sh
 * npx tsx scripts/payout-walk.ts          # files and hops, with the list of hops
 * npx tsx scripts/payout-walk.ts --json
 * ```
 *
 * @module
 */
import { Session } from 'node:inspector';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { buildWithdrawal, PaymentClient, selectCurrency } from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';

const root = fileURLToPath(new URL('..', import.meta.url));
const asJson = process.argv.includes('--json');

const webhookUrl = 'https://merchant.example/webhooks/pix';
const mock = createPaymentServiceMock({
  seed: 1,
  webhookUrl,
  balance: { BRL: '100000000.00' },
});
const server = setupServer(
  ...mock.handlers,
  http.post(webhookUrl, () => new HttpResponse(null, { status: 200 })),
);
server.listen({ onUnhandledFrame: 'error' });
const client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials });
const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
const customerId = mock.customers.seeded._id;
const pixKey = await client.pixKeys.ensure(customerId, { type: 'CPF', key: '529.982.247-25' });

/** One payout and its settle, to the webhook delivered. */
async function payout(): Promise<void> {
  const created = await client.withdrawals.create(
    buildWithdrawal({ amount: '1.50', customerId, currency, pixKey }),
  );
  await mock.withdrawals.settle(created._id, 'PAID');
}

/** A file of the package as `mock/…` or `src/…`; `undefined` for any other script. */
function ownFile(url: string | undefined): string | undefined {
  if (!url?.startsWith('file://')) return undefined;
  const path = relative(root, fileURLToPath(url));
  return path.startsWith('mock/') || path.startsWith('src/') ? path : undefined;
}

const session = new Session();
session.connect();
// The callback form answers at once: a stop below is handled while the program is paused.
function post<T>(method: string, params?: object): T {
  let answer: T | undefined;
  let failure: Error | null = null;
  session.post(method, params, (error, result) => {
    failure = error;
    answer = result as T;
  });
  if (failure) throw failure;
  if (answer === undefined) throw new Error(`${method} did not answer at once`);
  return answer;
}
async function postAsync<T>(method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))),
  );
}

for (let i = 0; i < 50; i++) await payout();

interface Coverage {
  result: Array<{
    scriptId: string;
    url: string;
    functions: Array<{
      functionName: string;
      ranges: Array<{ startOffset: number; endOffset: number; count: number }>;
    }>;
  }>;
}

// Files entered: precise coverage with call counts around one payout.
await postAsync('Profiler.enable');
await postAsync('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
for (let i = 0; i < 5; i++) await payout();
await postAsync('Profiler.takePreciseCoverage'); // resets the counts
await payout();
const { result: coverage } = await postAsync<Coverage>('Profiler.takePreciseCoverage');
await postAsync('Profiler.stopPreciseCoverage');
const calls = new Map<string, number>();
const called: Array<{ scriptId: string; start: number; end: number }> = [];
for (const script of coverage) {
  const file = ownFile(script.url);
  if (file === undefined) continue;
  for (const fn of script.functions) {
    const range = fn.ranges[0];
    // The script's top level (no name, at offset 0) ran when the module loaded.
    if (!range || range.count === 0 || (fn.functionName === '' && range.startOffset === 0))
      continue;
    calls.set(file, (calls.get(file) ?? 0) + range.count);
    called.push({ scriptId: script.scriptId, start: range.startOffset, end: range.endOffset });
  }
}

// Hops: a breakpoint on the first statement of each function called, during one more payout.
await postAsync('Debugger.enable');
const sources = new Map<string, string>();
function location(scriptId: string, offset: number) {
  let source = sources.get(scriptId);
  if (source === undefined) {
    source = post<{ scriptSource: string }>('Debugger.getScriptSource', { scriptId }).scriptSource;
    sources.set(scriptId, source);
  }
  const before = source.slice(0, offset).split('\n');
  return { scriptId, lineNumber: before.length - 1, columnNumber: before.at(-1)?.length ?? 0 };
}
for (const fn of called) {
  const { locations } = post<{ locations: Array<object> }>('Debugger.getPossibleBreakpoints', {
    start: location(fn.scriptId, fn.start),
    end: location(fn.scriptId, fn.end),
    restrictToFunction: true,
  });
  if (locations[0]) post('Debugger.setBreakpoint', { location: locations[0] });
}
const urls = new Map(coverage.map((script) => [script.scriptId, script.url]));
interface Frame {
  functionName: string;
  url?: string;
  location: { scriptId: string };
}
const hops: string[] = [];
let counting = false;
session.on('Debugger.paused', ({ params }) => {
  const [callee, caller] = params.callFrames as Frame[];
  if (counting && callee) {
    const to = ownFile(urls.get(callee.location.scriptId) ?? callee.url);
    const callerUrl = caller ? (urls.get(caller.location.scriptId) ?? caller.url) : undefined;
    const from = ownFile(callerUrl);
    const fromMsw = callerUrl?.includes('/node_modules/msw/') === true;
    const name = (frame: Frame) => frame.functionName || '(anonymous)';
    // Only the mock's side: a hop into `src/` counts when the mock makes it.
    if (
      to &&
      caller &&
      (fromMsw || (from && from !== to)) &&
      (to.startsWith('mock/') || from?.startsWith('mock/'))
    ) {
      hops.push(`${from ? `${from} ${name(caller)}` : 'msw'} → ${to} ${name(callee)}`);
    }
  }
  post('Debugger.resume');
});
counting = true;
await payout();
counting = false;
await postAsync('Debugger.disable');
session.disconnect();
server.close();

const fileOf = (side: string) => side.split(' ')[0] ?? side;
const pairs = (list: string[]) =>
  new Set(list.map((hop) => hop.split(' → ').map(fileOf).join(' → ')));
const mockFiles = [...calls.keys()].filter((file) => file.startsWith('mock/')).sort();
const srcFiles = [...new Set(hops.map((hop) => fileOf(hop.split(' → ')[1] ?? '')))]
  .filter((file) => file.startsWith('src/'))
  .sort();
const into = (file: string) => hops.filter((hop) => fileOf(hop.split(' → ')[1] ?? '') === file);
const walk = {
  files: mockFiles.length,
  srcFilesEntered: srcFiles,
  hops: hops.length,
  filePairs: pairs(hops).size,
  functionPairs: new Set(hops).size,
  byFile: mockFiles.map((file) => ({
    file,
    calls: calls.get(file) ?? 0,
    hopsInto: into(file).length,
  })),
  hopList: hops,
};
if (asJson) {
  console.log(JSON.stringify(walk, null, 2));
} else {
  console.log(
    `mock files entered: ${walk.files} (and ${srcFiles.length} of src/); hops: ${walk.hops} calls across files (${walk.functionPairs} distinct caller → callee), ${walk.filePairs} distinct pairs of files`,
  );
  console.log(`${'file'.padEnd(48)}  calls  hops in`);
  for (const row of walk.byFile) {
    console.log(
      `${row.file.padEnd(48)} ${String(row.calls).padStart(6)} ${String(row.hopsInto).padStart(8)}`,
    );
  }
  for (const file of srcFiles)
    console.log(`${file.padEnd(48)} ${''.padStart(6)} ${String(into(file).length).padStart(8)}`);
  console.log('\nhops, in order:');
  for (const hop of hops) console.log(`  ${hop}`);
}
