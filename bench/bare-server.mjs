// The bare `node:http` server the mock server is measured against, run in a process of its own
// by bench/mock-server.mjs: it does the least a server can do for the same exchanges. A GET
// answers the bytes given on the command line (the mock's own answer, read from it first); a POST
// reads its body, parses it as JSON and answers 201 with a small JSON object, as long as the
// mock's answer to a withdrawal. It checks nothing else: no token, no Host, no journal.
import { createServer } from 'node:http';

const getBody = Buffer.from(process.argv[2] ?? '[]');
const server = createServer((req, res) => {
  if (req.method === 'POST') {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const out = Buffer.from(
        JSON.stringify({
          message: 'Solicitação de Saque realizada com sucesso',
          status: 'PENDING',
          _id: String(parsed.externalId).padStart(24, '0').slice(-24),
        }),
      );
      res.writeHead(201, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': out.byteLength,
      });
      res.end(out);
    });
    return;
  }
  req.resume();
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': getBody.byteLength,
  });
  res.end(getBody);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
process.on('SIGTERM', () => process.exit(0));
