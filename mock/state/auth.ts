import type { InternalClock } from '../clock.js';
import { cryptoRandom, uuid } from '../ids.js';
import { JwtSigner } from '../jwt.js';
import type { OperationId } from '../operations.js';

/** Who MSW and `mock.fetch` callers are until `mock.auth.setCallerIp` says otherwise. */
const DEFAULT_CALLER_IP = '127.0.0.1';

/**
 * The mock's authentication: the tokens it issues and revokes, the caller allowlist, the actions
 * the company's token lacks, and the caller address of in-process requests. Issuing lives here
 * alone, for `POST /auth/token`, `mock.auth.issueToken()` and the control routes alike.
 *
 * @internal
 */
export class AuthArea {
  readonly #signer = new JwtSigner();
  readonly #clock: InternalClock;
  readonly #ttlMs: number;
  readonly #companyId: () => string;
  /** Serial number of the next token; tokens survive reset(), so this never goes back. */
  #serial = 0;
  /** Tokens with a serial below this were revoked by `expireTokens()` (survives reset()). */
  #revokedBelow = 0;
  allowedIps: string[] = [];
  deniedActions = new Set<OperationId>();
  callerIp = DEFAULT_CALLER_IP;

  /** `companyId` is read at each use: a seeded mock's company changes on reset(). */
  constructor(clock: InternalClock, ttlMs: number, companyId: () => string) {
    this.#clock = clock;
    this.#ttlMs = ttlMs;
    this.#companyId = companyId;
  }

  /**
   * A token for the company: an HS256 JWT with `sub` (the company id), `iat`, `exp` (the
   * lifetime on the mock clock) and `jti`.
   */
  issueToken(): Promise<string> {
    const nowMs = this.#clock.nowMs();
    return this.#signer.sign({
      sub: this.#companyId(),
      iat: Math.floor(nowMs / 1000),
      exp: Math.floor((nowMs + this.#ttlMs) / 1000),
      // `<serial>:<uuid>`: the serial lets expireTokens() revoke every token issued so far; the
      // uuid is random even with a seed, so logging in never shifts the seeded ids.
      jti: `${this.#serial++}:${uuid(cryptoRandom())}`,
    });
  }

  /** Revokes every token issued so far; tokens issued later work. */
  expireTokens(): void {
    this.#revokedBelow = this.#serial;
  }

  /** Why `token` may not call `operation`, or `undefined` when it may. */
  async refusal(token: string, operation: OperationId): Promise<string | undefined> {
    const result = await this.#signer.verify(token, this.#clock.nowMs());
    if (!result.ok) return `token ${result.reason}`;
    if (result.claims.sub !== this.#companyId()) return 'token of another company';
    const serial = Number.parseInt(result.claims.jti, 10);
    if (!(serial >= this.#revokedBelow)) return 'token revoked';
    if (this.deniedActions.has(operation)) return `not authorized for ${operation}`;
    return undefined;
  }

  /** Whether the allowlist lets `callerIp` in (an empty allowlist lets everyone in). */
  allows(callerIp: string): boolean {
    return this.allowedIps.length === 0 || this.allowedIps.includes(callerIp);
  }

  /** Clears the allowlist, the denied actions and the caller address; tokens stay valid. */
  reset(): void {
    this.allowedIps = [];
    this.deniedActions.clear();
    this.callerIp = DEFAULT_CALLER_IP;
  }
}
