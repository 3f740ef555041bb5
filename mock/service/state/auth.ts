import type { InternalClock } from '../clock.js';
import { cryptoRandom, uuid } from '../ids.js';
import { JwtSigner } from '../jwt.js';

/** Who MSW and `mock.fetch` callers are until `mock.auth.setCallerIp` says otherwise. */
const DEFAULT_CALLER_IP = '127.0.0.1';

/**
 * The mock's authentication: the tokens it issues and revokes, the caller allowlist (one for the
 * whole service, checked before the account is known) and the caller address of in-process
 * requests. Issuing lives here alone, for `POST /auth/token`, `mock.auth.issueToken()` and the
 * control routes alike. A token names its account in `sub`; the actions an account's token
 * lacks are the account's own (`AccountState.deniedActions`).
 *
 * @internal
 */
export class AuthArea {
  readonly #signer = new JwtSigner();
  readonly #clock: InternalClock;
  readonly #ttlMs: number;
  /** Serial number of the next token; tokens survive reset(), so this never goes back. */
  #serial = 0;
  /** Tokens with a serial below this were revoked by `expireTokens()` (survives reset()). */
  #revokedBelow = 0;
  allowedIps: string[] = [];
  callerIp = DEFAULT_CALLER_IP;

  constructor(clock: InternalClock, ttlMs: number) {
    this.#clock = clock;
    this.#ttlMs = ttlMs;
  }

  /**
   * A token for an account: an HS256 JWT with `sub` (the account id), `iat`, `exp` (the
   * lifetime on the mock clock) and `jti`.
   */
  issueToken(accountId: string): Promise<string> {
    const nowMs = this.#clock.nowMs();
    return this.#signer.sign({
      sub: accountId,
      iat: Math.floor(nowMs / 1000),
      exp: Math.floor((nowMs + this.#ttlMs) / 1000),
      // `<serial>:<uuid>`: the serial lets expireTokens() revoke every token issued so far; the
      // uuid is random even with a seed, so logging in never shifts the seeded ids.
      jti: `${this.#serial++}:${uuid(cryptoRandom())}`,
    });
  }

  /** The serial the next token gets: an account created now accepts tokens from it on. */
  get nextSerial(): number {
    return this.#serial;
  }

  /** Revokes every token issued so far; tokens issued later work. */
  expireTokens(): void {
    this.#revokedBelow = this.#serial;
  }

  /**
   * The account id a valid, unrevoked token was issued for and the token's serial, or why the
   * token is refused. The caller checks that the account exists, was there when the token was
   * issued (`serial`), and may call the operation.
   */
  async verify(
    token: string,
  ): Promise<
    { readonly accountId: string; readonly serial: number } | { readonly refused: string }
  > {
    const result = await this.#signer.verify(token, this.#clock.nowMs());
    if (!result.ok) return { refused: `token ${result.reason}` };
    const serial = Number.parseInt(result.claims.jti, 10);
    if (!(serial >= this.#revokedBelow)) return { refused: 'token revoked' };
    return { accountId: result.claims.sub, serial };
  }

  /** Whether the allowlist lets `callerIp` in (an empty allowlist lets everyone in). */
  allows(callerIp: string): boolean {
    return this.allowedIps.length === 0 || this.allowedIps.includes(callerIp);
  }

  /** Clears the allowlist and the caller address; tokens stay valid. */
  reset(): void {
    this.allowedIps = [];
    this.callerIp = DEFAULT_CALLER_IP;
  }
}
