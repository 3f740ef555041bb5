import { request } from 'node:http';
import { connect } from 'node:net';
import { type RunningMockServer, startMockServer } from 'pix-payment-sdk/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The HTTP server reads a request's body through the seam's bounded reader, over Node's request:
// a body in pieces is read whole, and a caller gone mid-body leaves nothing behind.

let running: RunningMockServer;
beforeAll(async () => {
  running = await startMockServer({ port: 0, seed: 7 });
});
afterAll(() => running.close());

/** POSTs `pieces` one write at a time, each after the previous one is flushed; the answer. */
function postInPieces(path: string, pieces: string[]): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(running.url);
  return new Promise((resolve, reject) => {
    const req = request({
      hostname,
      port,
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json' },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    const next = (index: number) => {
      const piece = pieces[index];
      if (piece === undefined) {
        req.end();
        return;
      }
      req.write(piece, () => next(index + 1));
    };
    next(0);
  });
}

describe('the HTTP server reads a request body through the bounded reader', () => {
  it('a chunked body written in several pieces is read whole: the login it carries succeeds', async () => {
    const body = JSON.stringify(running.mock.credentials);
    const third = Math.ceil(body.length / 3);
    const pieces = [body.slice(0, third), body.slice(third, 2 * third), body.slice(2 * third)];
    const answer = await postInPieces('/auth/token', pieces);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ token: expect.any(String) });
  });

  it('a caller that closes the connection mid-body leaves no journal entry, and the next request is answered', async () => {
    running.mock.reset();
    const { hostname, port } = new URL(running.url);
    const body = JSON.stringify(running.mock.credentials);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        // A body shorter than its Content-Length, then the connection closed.
        socket.write(
          `POST /auth/token HTTP/1.1\r\nHost: ${hostname}:${port}\r\ncontent-type: application/json\r\ncontent-length: ${body.length + 100}\r\n\r\n${body}`,
          () => socket.destroy(),
        );
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    const next = await postInPieces('/auth/token', [body]);
    expect(next.status).toBe(200);
    expect(running.mock.requests.map((entry) => [entry.path, entry.status])).toEqual([
      ['/auth/token', 200],
    ]);
  });
});
