// Keccak-256 as Ethereum uses it (the original Keccak padding, 0x01, not SHA-3's 0x06), for the
// EIP-55 checksum of wallet addresses. Lanes are BigInts: the input is one short block, so
// clarity beats speed here. The constants are derived as the Keccak reference defines them
// (rotation offsets by the (x, y) walk, round constants by the degree-8 LFSR) rather than typed
// in as tables.

const MASK = (1n << 64n) - 1n;
const RATE_BYTES = 136;

function rotate(lane: bigint, by: number): bigint {
  const n = BigInt(by % 64);
  return n === 0n ? lane : ((lane << n) | (lane >> (64n - n))) & MASK;
}

let tables: { readonly offsets: number[]; readonly constants: bigint[] } | undefined;

function constants(): { readonly offsets: number[]; readonly constants: bigint[] } {
  if (tables) return tables;
  const offsets = new Array<number>(25).fill(0);
  let x = 1;
  let y = 0;
  for (let t = 0; t < 24; t++) {
    offsets[x + 5 * y] = (((t + 1) * (t + 2)) / 2) % 64;
    [x, y] = [y, (2 * x + 3 * y) % 5];
  }
  let lfsr = 1;
  const bit = (): number => {
    const out = lfsr & 1;
    lfsr <<= 1;
    if (lfsr & 0x100) lfsr ^= 0x171;
    return out;
  };
  const roundConstants: bigint[] = [];
  for (let round = 0; round < 24; round++) {
    let value = 0n;
    for (let j = 0; j < 7; j++) if (bit()) value |= 1n << BigInt((1 << j) - 1);
    roundConstants.push(value);
  }
  tables = { offsets, constants: roundConstants };
  return tables;
}

function permute(state: bigint[]): void {
  const { offsets, constants: roundConstants } = constants();
  const lane = (i: number): bigint => state[i] ?? 0n;
  for (const roundConstant of roundConstants) {
    const columns = [0, 1, 2, 3, 4].map(
      (x) => lane(x) ^ lane(x + 5) ^ lane(x + 10) ^ lane(x + 15) ^ lane(x + 20),
    );
    for (let x = 0; x < 5; x++) {
      const d = (columns[(x + 4) % 5] ?? 0n) ^ rotate(columns[(x + 1) % 5] ?? 0n, 1);
      for (let y = 0; y < 25; y += 5) state[x + y] = lane(x + y) ^ d;
    }
    const moved = new Array<bigint>(25).fill(0n);
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) {
        moved[y + 5 * ((2 * x + 3 * y) % 5)] = rotate(lane(x + 5 * y), offsets[x + 5 * y] ?? 0);
      }
    }
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) {
        const next = moved[y + ((x + 1) % 5)] ?? 0n;
        state[x + y] = (moved[x + y] ?? 0n) ^ (~next & MASK & (moved[y + ((x + 2) % 5)] ?? 0n));
      }
    }
    state[0] = lane(0) ^ roundConstant;
  }
}

/**
 * The Keccak-256 digest of `bytes`, as 64 lower-case hex digits.
 *
 * @internal
 */
export function keccak256Hex(bytes: Uint8Array): string {
  const padded = new Uint8Array(Math.floor(bytes.length / RATE_BYTES + 1) * RATE_BYTES);
  padded.set(bytes);
  padded[bytes.length] = (padded[bytes.length] ?? 0) ^ 0x01;
  padded[padded.length - 1] = (padded[padded.length - 1] ?? 0) ^ 0x80;
  const state = new Array<bigint>(25).fill(0n);
  for (let block = 0; block < padded.length; block += RATE_BYTES) {
    for (let i = 0; i < RATE_BYTES / 8; i++) {
      let value = 0n;
      for (let b = 7; b >= 0; b--) value = (value << 8n) | BigInt(padded[block + i * 8 + b] ?? 0);
      state[i] = (state[i] ?? 0n) ^ value;
    }
    permute(state);
  }
  let hex = '';
  for (let i = 0; i < 4; i++) {
    const value = state[i] ?? 0n;
    for (let b = 0; b < 8; b++) {
      hex += Number((value >> BigInt(8 * b)) & 0xffn)
        .toString(16)
        .padStart(2, '0');
    }
  }
  return hex;
}
