// HS256 JSON Web Tokens with WebCrypto (`crypto.subtle`) only, so the mock runs in a browser too.
import { isRecord } from '../../src/seam/records.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Base64url text (no padding) of bytes.
 *
 * @internal
 */
export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Bytes of base64url text, or `undefined` when the text is not base64url.
 *
 * @internal
 */
export function base64UrlDecode(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const padded =
    text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return undefined;
  }
}

function decodeJsonObject(part: string): Record<string, unknown> | undefined {
  const bytes = base64UrlDecode(part);
  if (!bytes) return undefined;
  try {
    const value: unknown = JSON.parse(decoder.decode(bytes));
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The claims of the tokens the mock issues. */
export interface MockTokenClaims {
  /** The company's id. */
  readonly sub: string;
  /** Issued at, epoch seconds on the mock clock. */
  readonly iat: number;
  /** Expires at, epoch seconds on the mock clock. */
  readonly exp: number;
  /** Token id, used to revoke tokens (`mock.auth.expireTokens()`). */
  readonly jti: string;
}

/** Why a token was refused; journaled as `authFailure`, never sent to the caller. */
export type TokenFailure =
  | 'malformed'
  | 'algorithm'
  | 'signature'
  | 'claims'
  | 'expired'
  | 'revoked';

/**
 * Signs and verifies the mock's HS256 tokens with a per-instance random HMAC key.
 *
 * @internal
 */
export class JwtSigner {
  readonly #key: Promise<CryptoKey>;
  /**
   * Claims of tokens whose signature has been checked, by token text. The key never changes, so a
   * signature checked once stays good; expiry is still checked on every call, and revocation and
   * the company by the caller. Bounded: the oldest entries go first.
   */
  readonly #verified = new Map<string, MockTokenClaims>();

  constructor() {
    this.#key = crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256', length: 256 }, false, [
      'sign',
      'verify',
    ]) as Promise<CryptoKey>;
  }

  /** A compact JWS of the claims, `alg: HS256`. */
  async sign(claims: MockTokenClaims): Promise<string> {
    const header = base64UrlEncode(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));
    const payload = base64UrlEncode(encoder.encode(JSON.stringify(claims)));
    const input = `${header}.${payload}`;
    const signature = await crypto.subtle.sign('HMAC', await this.#key, encoder.encode(input));
    return `${input}.${base64UrlEncode(new Uint8Array(signature))}`;
  }

  /**
   * The claims of a token this signer issued, or why it is refused. `nowMs` is the mock clock;
   * `alg` must be exactly `HS256` (so `none` and every other algorithm are refused) and the
   * signature is checked before any claim is trusted.
   */
  async verify(
    token: string,
    nowMs: number,
  ): Promise<{ ok: true; claims: MockTokenClaims } | { ok: false; reason: TokenFailure }> {
    const known = this.#verified.get(token);
    if (known) return checkExpiry(known, nowMs);
    const parts = token.split('.');
    if (parts.length !== 3) return { ok: false, reason: 'malformed' };
    const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
    const header = decodeJsonObject(headerPart);
    const payload = decodeJsonObject(payloadPart);
    if (!header || !payload) return { ok: false, reason: 'malformed' };
    if (header.alg !== 'HS256') return { ok: false, reason: 'algorithm' };
    const signature = base64UrlDecode(signaturePart);
    if (signature?.length !== 32) return { ok: false, reason: 'signature' };
    const valid = await crypto.subtle.verify(
      'HMAC',
      await this.#key,
      signature as Uint8Array<ArrayBuffer>,
      encoder.encode(`${headerPart}.${payloadPart}`),
    );
    if (!valid) return { ok: false, reason: 'signature' };
    const { sub, iat, exp, jti } = payload;
    if (
      typeof sub !== 'string' ||
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      typeof jti !== 'string'
    ) {
      return { ok: false, reason: 'claims' };
    }
    const claims: MockTokenClaims = Object.freeze({ sub, iat, exp, jti });
    if (this.#verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = this.#verified.keys().next().value;
      if (oldest !== undefined) this.#verified.delete(oldest);
    }
    this.#verified.set(token, claims);
    return checkExpiry(claims, nowMs);
  }
}

/** How many verified tokens {@link JwtSigner} remembers (a test suite rarely holds more than a few). */
const VERIFIED_CACHE_SIZE = 1024;

function checkExpiry(
  claims: MockTokenClaims,
  nowMs: number,
): { ok: true; claims: MockTokenClaims } | { ok: false; reason: TokenFailure } {
  if (claims.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
