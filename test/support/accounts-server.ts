import { fakeJwt, type Loopback, listen } from './loopback.js';

/** One request that carried a token, and the account that token belongs to. */
export interface TokenUse {
  /** The `x-shop` header the test sent with the call: which client made it. */
  readonly shop: string | undefined;
  /** The e-mail whose login issued the bearer token, `undefined` for a token never issued here. */
  readonly account: string | undefined;
}

/** A service on 127.0.0.1 with several accounts, which says which account each call ran as. */
export interface AccountsServer extends Loopback {
  /** The e-mail of each successful login, in order. */
  readonly logins: string[];
  /** Every call other than a login, in order. */
  readonly uses: TokenUse[];
}

/**
 * Starts a service that accepts a login for each `email → password` of `accounts`, issues each a
 * token of its own (an unsigned JWT whose `sub` is the e-mail), and answers every other request
 * `200 []` as the account whose token it carried: the service the client talks to is real HTTP,
 * and what it records is what a real service would act on.
 */
export async function accountsServer(
  accounts: Readonly<Record<string, string>>,
): Promise<AccountsServer> {
  const issued = new Map<string, string>();
  const logins: string[] = [];
  const uses: TokenUse[] = [];
  let serial = 0;
  const server = await listen((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/auth/token') {
        const { email, password } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<
          string,
          string
        >;
        if (email === undefined || accounts[email] !== password) {
          response.writeHead(401, { 'content-type': 'application/json' });
          response.end('{"message":"Unauthorized"}');
          return;
        }
        const token = fakeJwt({ sub: email, jti: String(++serial) });
        issued.set(token, email);
        logins.push(email);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ token }));
        return;
      }
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const account = issued.get(bearer);
      const shop = request.headers['x-shop'];
      uses.push({ shop: typeof shop === 'string' ? shop : undefined, account });
      response.writeHead(account === undefined ? 401 : 200, {
        'content-type': 'application/json',
      });
      response.end(account === undefined ? '{"message":"Unauthorized"}' : '[]');
    });
  });
  return { ...server, logins, uses, close: server.close };
}
