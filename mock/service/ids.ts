import { isValidCpf } from 'pix-payment-sdk';

/**
 * A source of random bytes. Seeded (deterministic, sfc32) when the mock has a `seed`; otherwise
 * `crypto.getRandomValues`, so the mock runs wherever WebCrypto exists (Node, browsers, workers).
 *
 * @internal
 */
export interface RandomSource {
  /** Fills and returns `length` random bytes. */
  bytes(length: number): Uint8Array;
  /** A random integer in `[0, bound)`. */
  int(bound: number): number;
}

// A 32-bit hash of the seed text (FNV-1a), so string and number seeds both work.
function hashSeed(seed: string | number): number {
  const text = String(seed);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A deterministic generator (sfc32) for a seed: the same seed always yields the same sequence.
 *
 * @internal
 */
export function seededRandom(seed: string | number): RandomSource {
  let a = hashSeed(seed);
  let b = hashSeed(`${seed}:b`);
  let c = hashSeed(`${seed}:c`);
  let d = 1;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 15; i++) next();
  return {
    bytes(length) {
      const out = new Uint8Array(length);
      for (let i = 0; i < length; i++) out[i] = next() & 0xff;
      return out;
    },
    int(bound) {
      return next() % bound;
    },
  };
}

/**
 * Random bytes from WebCrypto's `crypto.getRandomValues`.
 *
 * @internal
 */
export function cryptoRandom(): RandomSource {
  return {
    bytes(length) {
      return crypto.getRandomValues(new Uint8Array(length));
    },
    int(bound) {
      const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
      return value % bound;
    },
  };
}

/**
 * Hex text of bytes, lower case.
 *
 * @internal
 */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/**
 * Makes MongoDB-ObjectId-like identifiers (per the provider's public docs: 24 lower-case hex
 * characters): 4 bytes of seconds from the mock clock, 5 random bytes fixed per generator, and a
 * 3-byte counter, so two ids of one mock never collide.
 *
 * @internal
 */
export function objectIdFactory(random: RandomSource): (nowMs: number) => string {
  const instance = toHex(random.bytes(5));
  let counter = (random.int(0xffffff) + 1) & 0xffffff;
  return (nowMs) => {
    counter = (counter + 1) & 0xffffff;
    const seconds = Math.floor(nowMs / 1000) >>> 0;
    return `${seconds.toString(16).padStart(8, '0')}${instance}${counter.toString(16).padStart(6, '0')}`;
  };
}

/**
 * Whether a string has the shape of an id the mock hands out: 24 lower-case hex characters.
 *
 * @internal
 */
export function isObjectId(value: string): boolean {
  return /^[0-9a-f]{24}$/.test(value);
}

/**
 * A lower-case UUID (version 4 layout) from the random source.
 *
 * @internal
 */
export function uuid(random: RandomSource): string {
  const bytes = random.bytes(16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function cpfCheckDigit(digits: ReadonlyArray<number>, firstWeight: number): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += (digits[i] ?? 0) * (firstWeight - i);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/**
 * A valid CPF (11 digits, both mod-11 check digits right, not all digits equal).
 *
 * @internal
 */
export function generateCpf(random: RandomSource): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => random.int(10));
    const first = cpfCheckDigit(base, 10);
    const second = cpfCheckDigit([...base, first], 11);
    const cpf = [...base, first, second].join('');
    if (isValidCpf(cpf)) return cpf;
  }
}

/**
 * A password of letters and digits.
 *
 * @internal
 */
export function generatePassword(random: RandomSource, length = 24): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[random.int(alphabet.length)];
  return out;
}
