// A dispute run on the mock clock (`stepMs`), over a real server on 127.0.0.1: each status comes
// as the clock advances (the remote's clock.advance, the bin's `clock advance`), the amount held
// until the last step, a webhook at each step; a wrong step is refused and changes nothing.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  connectMockServer,
  MockServerError,
  type RemotePaymentServiceMock,
  type RunningMockServer,
  startMockServer,
} from 'pix-payment-sdk/mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { binArgs } from '../../support/bin.js';
import { startReceiver } from '../../support/mock-receiver.js';
import { createDepositOver } from '../../support/mock-server-withdrawal.js';

const DAY = 86_400_000;
const root = fileURLToPath(new URL('../../../', import.meta.url));

let running: RunningMockServer;
let remote: RemotePaymentServiceMock;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let depositId: string;

beforeEach(async () => {
  running = await startMockServer({ port: 0, seed: 41 });
  remote = await connectMockServer(running.url);
  receiver = await startReceiver();
  await remote.webhooks.setUrl(receiver.url);
  const { id, code } = await createDepositOver(running);
  await remote.deposits.pay(code);
  depositId = id;
});
afterEach(async () => {
  await running.close();
  await receiver.close();
});

async function brl(): Promise<{ totalAmount: number; totalHeld: number }> {
  const entry = (await remote.company.balances()).find((b) => 'currency' in b);
  if (!entry || !('totalHeld' in entry)) throw new Error('no BRL balance');
  return { totalAmount: entry.totalAmount, totalHeld: entry.totalHeld };
}

async function statusOf(id: string): Promise<string | undefined> {
  return (await remote.deposits.get(id))?.status;
}

describe('deposits.dispute with stepMs, on the mock clock', () => {
  it('each status arrives as the clock advances, holding the amount until REFUND_APPROVED removes it', async () => {
    const before = await brl();
    const started = await remote.deposits.dispute(depositId, {
      outcome: 'REFUND_APPROVED',
      stepMs: DAY,
    });
    expect(started.deposit.status).toBe('AWAITING_REFUND_CONTESTION');
    expect(started.deliveries.map((d) => d.payload.status)).toEqual(['AWAITING_REFUND_CONTESTION']);
    expect(await brl()).toEqual({
      totalAmount: before.totalAmount - 25,
      totalHeld: before.totalHeld + 25,
    });

    await remote.clock.advance(DAY - 1);
    expect(await statusOf(depositId)).toBe('AWAITING_REFUND_CONTESTION');
    await remote.clock.advance(1);
    expect(await statusOf(depositId)).toBe('AWAITING_BANK_VEREDICT');
    expect((await brl()).totalHeld).toBe(before.totalHeld + 25);
    // While it runs, a settle of the deposit is refused: the dispute owns its status.
    await expect(remote.deposits.settle(depositId, 'PAID')).rejects.toThrow();

    await remote.clock.advance(DAY);
    expect(await statusOf(depositId)).toBe('REFUND_APPROVED');
    expect(await brl()).toEqual({
      totalAmount: before.totalAmount - 25,
      totalHeld: before.totalHeld,
    });
    expect(receiver.received.map((r) => (r.body as { status: string }).status)).toEqual([
      'PAID',
      'AWAITING_REFUND_CONTESTION',
      'AWAITING_BANK_VEREDICT',
      'REFUND_APPROVED',
    ]);
  });

  it('one advance past every step runs them all, in order, before it answers', async () => {
    const before = await brl();
    await remote.deposits.dispute(depositId, { outcome: 'REFUND_CANCELED', stepMs: 3_600_000 });
    await remote.clock.advance(DAY);
    expect(await statusOf(depositId)).toBe('REFUND_CANCELED');
    expect(await brl()).toEqual(before);
    const statuses = (await remote.webhooks.deliveries).map((d) => d.payload.status);
    expect(statuses).toEqual([
      'PAID',
      'AWAITING_REFUND_CONTESTION',
      'AWAITING_BANK_VEREDICT',
      'REFUND_CANCELED',
    ]);
  });

  it('the bin: dispute --step 1d, then clock advance 2d ends an EXPIRED_DISPUTE', async () => {
    const run = (args: string[]) =>
      new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, [...binArgs, ...args, '--url', running.url], {
          cwd: root,
          env: { ...process.env, PIX_PAYMENT_MOCK_CONTROL_TOKEN: '' },
          stdio: 'ignore',
        });
        child.once('close', resolve);
      });
    expect(await run(['dispute', depositId, 'EXPIRED_DISPUTE', '--step', '1d'])).toBe(0);
    expect(await statusOf(depositId)).toBe('AWAITING_REFUND_CONTESTION');
    expect(await run(['clock', 'advance', '2d'])).toBe(0);
    expect(await statusOf(depositId)).toBe('EXPIRED_DISPUTE');
    expect((await brl()).totalHeld).toBe(0);
  }, 60_000);

  it('a step that is not a whole number of ms up to a day is refused (400) and nothing changes', async () => {
    const before = await brl();
    for (const stepMs of [0, -1, 1.5, DAY + 1, Number.NaN]) {
      const refused = await remote.deposits
        .dispute(depositId, { outcome: 'REFUND_APPROVED', stepMs })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(refused).toBeInstanceOf(MockServerError);
      expect((refused as MockServerError).status).toBe(400);
      expect(String((refused as Error).message)).toMatch(/stepMs must be a whole number/);
    }
    expect(await statusOf(depositId)).toBe('PAID');
    expect(await brl()).toEqual(before);
  });

  it('a reset drops the steps still waiting: advancing afterwards changes nothing', async () => {
    await remote.deposits.dispute(depositId, { outcome: 'REFUND_APPROVED', stepMs: DAY });
    await remote.reset();
    const deliveries = (await remote.webhooks.deliveries).length;
    await remote.clock.advance(2 * DAY);
    expect(await remote.webhooks.deliveries).toHaveLength(deliveries);
  });

  it('on a clock that follows real time, the steps come as real time passes', async () => {
    const live = await startMockServer({ port: 0, frozenClock: false });
    try {
      const { id, code } = await createDepositOver(live);
      await live.mock.deposits.pay(code);
      await live.mock.deposits.dispute(id, { outcome: 'REFUND_CANCELED', stepMs: 20 });
      await vi.waitFor(() => expect(live.mock.deposits.get(id)?.status).toBe('REFUND_CANCELED'), {
        timeout: 10_000,
        interval: 20,
      });
      await live.mock.webhooks.flush();
      expect(live.mock.webhooks.deliveries.map((d) => d.payload.status)).toEqual([
        'PAID',
        'AWAITING_REFUND_CONTESTION',
        'AWAITING_BANK_VEREDICT',
        'REFUND_CANCELED',
      ]);
    } finally {
      await live.close();
    }
  });

  it('in process: advance() moves the status, webhooks.flush() waits for the steps it set off', async () => {
    const mock = running.mock;
    await mock.deposits.dispute(depositId, { outcome: 'REFUND_APPROVED', stepMs: DAY });
    mock.clock.advance(2 * DAY);
    await mock.webhooks.flush();
    expect(mock.deposits.get(depositId)?.status).toBe('REFUND_APPROVED');
    expect(receiver.received.at(-1)?.body).toMatchObject({ status: 'REFUND_APPROVED' });
  });
});
