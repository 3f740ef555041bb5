// `pix-payment-mock <command>` spawned as a process against a real server on 127.0.0.1: output,
// --json, exit codes and --help.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type RunningMockServer, startMockServer } from 'pix-payment-sdk/mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { binArgs } from '../../support/bin.js';
import { startReceiver } from '../../support/mock-receiver.js';
import { createDepositOver, createWithdrawalOver } from '../../support/mock-server-withdrawal.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

function spawnBin(args: string[], env: Record<string, string> = {}): ChildProcess {
  // process.execPath is the pinned Node that runs vitest; tsx loads the TypeScript entry.
  return spawn(process.execPath, [...binArgs, ...args], {
    cwd: root,
    env: { ...process.env, PIX_PAYMENT_MOCK_CONTROL_TOKEN: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function collect(child: ChildProcess): Promise<Run> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return new Promise((resolve) => {
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function run(args: string[], env?: Record<string, string>): Promise<Run> {
  return collect(spawnBin(args, env));
}

let running: RunningMockServer;
let url: string[];

beforeEach(async () => {
  running = await startMockServer({ port: 0, seed: 31 });
  url = ['--url', running.url];
});
afterEach(() => running.close());

function createWithdrawal(): Promise<string> {
  return createWithdrawalOver(running);
}

describe('pix-payment-mock commands: help', () => {
  it('the top-level --help lists the commands', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    for (const name of [
      'settle',
      'pay',
      'dispute',
      'clock',
      'balance',
      'faults',
      'deliveries',
      'journal',
    ]) {
      expect(stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    }
  });

  it.each([
    ['settle', /pix-payment-mock settle \S+ PAID/],
    ['clock', /pix-payment-mock clock advance 2d/],
    ['faults', /faults add --method POST --path \/withdraw --status 503/],
    ['journal', /journal --follow/],
    ['dispute', /pix-payment-mock dispute \S+ REFUND_APPROVED/],
  ])('%s --help shows an example and exits 0', async (name, example) => {
    const { code, stdout } = await run([name, '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Example:');
    expect(stdout).toMatch(example);
  });
});

describe('pix-payment-mock commands against a running server', () => {
  it('settle: moves the withdrawal, sends the webhook; text, then --json', async () => {
    const receiver = await startReceiver();
    try {
      running.mock.webhooks.setUrl(receiver.url);
      const id = await createWithdrawal();
      const text = await run(['settle', id, 'PAID', ...url]);
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(
        new RegExp(`withdrawal ${id} is now PAID; webhook .* delivered 200`),
      );
      expect(running.mock.withdrawals.get(id)?.status).toBe('PAID');
      const json = await run(['settle', id, 'REJECTED', ...url, '--json']);
      expect(json.code).toBe(0);
      expect(JSON.parse(json.stdout)).toMatchObject({
        kind: 'withdrawal',
        id,
        status: 'REJECTED',
        delivery: { outcome: 'delivered' },
      });
    } finally {
      await receiver.close();
    }
  });

  it('settle: an unknown id and a status that does not exist exit 1 and say what to do', async () => {
    const noId = await run(['settle', 'nope', 'PAID', ...url]);
    expect(noId.code).toBe(1);
    expect(noId.stderr).toMatch(/no withdrawal or deposit has id "nope".*pix-payment-mock journal/);
    const id = await createWithdrawal();
    const noStatus = await run(['settle', id, 'DONE', ...url, '--json']);
    expect(noStatus.code).toBe(1);
    expect(noStatus.stderr).toMatch(/status must be one of .*PAID/);
    expect(JSON.parse(noStatus.stdout)).toMatchObject({ error: { code: 'refused', status: 400 } });
    expect(running.mock.withdrawals.get(id)?.status).toBe('PENDING');
  });

  it('settle: a missing argument is a usage error (2)', async () => {
    const { code, stderr } = await run(['settle', 'only-id', ...url]);
    expect(code).toBe(2);
    expect(stderr).toContain('Usage: pix-payment-mock settle <id> <STATUS>');
  });

  it('clock advance: takes 60s, moves the clock, prints the time; a bad duration exits 2', async () => {
    const before = running.mock.clock.now().getTime();
    const { code, stdout } = await run(['clock', 'advance', '60s', ...url, '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ advancedMs: 60_000 });
    expect(running.mock.clock.now().getTime()).toBeGreaterThanOrEqual(before + 60_000);
    const bad = await run(['clock', 'advance', '5x', ...url]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/60s, 2d/);
  });

  it('balance set: sets each currency; a refused amount exits 1, a malformed entry 2', async () => {
    const { code, stdout } = await run([
      'balance',
      'set',
      'BRL=10.00',
      'USDT=2.5',
      ...url,
      '--json',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(running.mock.company.balances());
    expect(running.mock.company.balances()).toContainEqual(
      expect.objectContaining({ totalAmount: 10 }),
    );
    const text = await run(['balance', 'set', 'BRL=12.34', ...url]);
    expect(text.stdout).toMatch(/^BRL 12\.34 \(held 0\)$/m);
    const refused = await run(['balance', 'set', 'BRL=10.001', ...url]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/more than 2 decimals/);
    expect((await run(['balance', 'set', 'BRL', ...url])).code).toBe(2);
  });

  it('faults add and clear: the client meets the fault, then not', async () => {
    const added = await run([
      'faults',
      'add',
      '--method',
      'GET',
      '--path',
      '/withdraw/company/currencies',
      '--status',
      '503',
      ...url,
      '--json',
    ]);
    expect(added.code).toBe(0);
    const { id } = JSON.parse(added.stdout) as { id: string };
    const token = await running.mock.auth.issueToken();
    const call = () =>
      fetch(`${running.url}/withdraw/company/currencies`, {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await call()).status).toBe(503);
    expect(running.mock.requests.at(-1)?.fault).toBe(id);
    running.mock.faults.inject({ path: '/withdraw/company/currencies', status: 500, times: 5 });
    const cleared = await run(['faults', 'clear', ...url]);
    expect(cleared).toMatchObject({ code: 0, stdout: 'faults cleared\n' });
    expect((await call()).status).toBe(200);
    expect((await run(['faults', 'add', '--status', 'x', ...url])).code).toBe(2);
  });

  it('deliveries and journal: list what happened, as text and as JSON', async () => {
    const receiver = await startReceiver();
    try {
      running.mock.webhooks.setUrl(receiver.url);
      const id = await createWithdrawal();
      await running.mock.withdrawals.settle(id, 'PAID');
      const deliveries = await run(['deliveries', ...url]);
      expect(deliveries.code).toBe(0);
      expect(deliveries.stdout).toMatch(/settle PAID → http:\/\/127\.0\.0\.1:\d+.*: delivered 200/);
      const asJson = await run(['deliveries', ...url, '--json']);
      expect(JSON.parse(asJson.stdout)).toEqual(running.mock.webhooks.deliveries);
      const journal = await run(['journal', ...url]);
      expect(journal.stdout).toMatch(/POST \/withdraw → 201 withdrawals\.create/);
      const journalJson = await run(['journal', ...url, '--json']);
      expect(JSON.parse(journalJson.stdout)).toEqual(running.mock.requests);
    } finally {
      await receiver.close();
    }
  });

  it('journal --follow prints requests as they come, one JSON per line, and ends on SIGTERM', async () => {
    await fetch(`${running.url}/withdraw/company/currencies`);
    const child = spawnBin(['journal', '--follow', ...url, '--json']);
    const done = collect(child);
    let seen = '';
    let waiting: (() => void) | undefined;
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      waiting?.();
    });
    const lines = (count: number) =>
      new Promise<void>((resolve) => {
        waiting = () => {
          if (seen.split('\n').length > count) resolve();
        };
        waiting();
      });
    // The first line is the request made before: the command is running and has read the journal.
    await lines(1);
    // This one comes after: only following prints it.
    await fetch(`${running.url}/deposit/company/currencies`);
    await lines(2);
    child.kill('SIGTERM');
    const { code } = await done;
    expect(code).toBe(0);
    const [first, second] = seen
      .split('\n')
      .map((line) => (line === '' ? undefined : JSON.parse(line)));
    expect(first).toMatchObject({
      method: 'GET',
      path: '/withdraw/company/currencies',
      status: 401,
    });
    expect(second).toMatchObject({
      method: 'GET',
      path: '/deposit/company/currencies',
      status: 401,
    });
  });

  it('pay, then dispute: a deposit paid by its Pix code, then refunded; exit 0 each', async () => {
    const { id, code } = await createDepositOver(running);
    const paid = await run(['pay', code, ...url, '--json']);
    expect(paid.code).toBe(0);
    expect(JSON.parse(paid.stdout)).toMatchObject({ deposit: { _id: id, status: 'PAID' } });
    const disputed = await run(['dispute', id, 'REFUND_CANCELED', ...url]);
    expect(disputed.code).toBe(0);
    expect(running.mock.deposits.get(id)?.status).toBe('REFUND_CANCELED');
  });

  it('dispute: a deposit the server does not know exits 1 with its reason', async () => {
    const { code, stderr } = await run(['dispute', 'nope', 'REFUND_APPROVED', ...url]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/refused POST \/__mock\/deposits\/nope\/dispute \(404\)/);
  });

  it('pay: a code the server does not know exits 1 with its reason', async () => {
    const { code, stderr } = await run(['pay', '000201unknown', ...url]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/refused POST \/__mock\/deposits\/pay/);
  });
});

describe('pix-payment-mock commands: no server, or a guarded one', () => {
  it('a server that is not running: exit 2, naming the address and how to start it', async () => {
    const stopped = await startMockServer({ port: 0 });
    const address = new URL(stopped.url).host;
    await stopped.close();
    const { code, stderr, stdout } = await run(['deliveries', '--url', stopped.url, '--json']);
    expect(code).toBe(2);
    expect(JSON.parse(stdout)).toMatchObject({ error: { code: 'unreachable' } });
    expect(stderr).toContain(`no mock server answers at ${address}`);
    expect(stderr).toContain('npx pix-payment-mock');
  });

  it('a control token from the flag or the environment; a wrong one exits 1', async () => {
    const guarded = await startMockServer({ port: 0, controlToken: 'cli-secret-31' });
    try {
      const without = await run(['clock', 'advance', '1s', '--url', guarded.url]);
      expect(without.code).toBe(1);
      expect(without.stderr).toMatch(/control token/);
      expect(without.stderr).not.toContain('cli-secret-31');
      const flag = await run([
        'clock',
        'advance',
        '1s',
        '--url',
        guarded.url,
        '--control-token',
        'cli-secret-31',
      ]);
      expect(flag.code).toBe(0);
      const env = await run(['faults', 'clear', '--url', guarded.url], {
        PIX_PAYMENT_MOCK_CONTROL_TOKEN: 'cli-secret-31',
      });
      expect(env.code).toBe(0);
    } finally {
      await guarded.close();
    }
  });
});
