import { keccak256Hex } from './core/keccak.js';
import { PaymentValidationError } from './errors/index.js';

/**
 * What {@link validateWalletAddress} reads of a network: the fields every listed
 * {@link BlockchainNetwork} carries.
 *
 * @example
 * ```ts
 * const network: WalletNetwork = { name: 'BEP-20', chain: 'BSC', chainId: '56' };
 * ```
 */
export interface WalletNetwork {
  /** The network's name, such as `ERC-20`, `BEP-20` or `Polygon`. */
  readonly name: string;
  /** The chain, such as `Ethereum` or `BSC`. */
  readonly chain?: string | undefined;
  /** The chain id, a decimal string such as `'56'`. */
  readonly chainId?: string | undefined;
}

type Family = 'evm' | 'tron' | 'solana';

const EVM_NAMES = new Set(['ERC-20', 'ERC20', 'BEP-20', 'BEP20', 'POLYGON', 'ETHEREUM', 'BSC']);
const EVM_CHAIN_IDS = new Set(['1', '56', '137']);

// The family of a network, from the names the provider's pages use: ERC-20, BEP-20 and Polygon
// (EVM, one `0x` address for all), and TRC-20 (Tron) and Solana, which its deposit-network page
// names. Anything else is unknown: an address cannot be checked, so it is not accepted.
function familyOf(network: WalletNetwork): Family | undefined {
  const names = [network.name, network.chain ?? ''].map((text) => text.trim().toUpperCase());
  if (names.some((name) => /TRC-?20|TRON/.test(name))) return 'tron';
  if (names.some((name) => /SOLANA|SPL/.test(name))) return 'solana';
  if (names.some((name) => EVM_NAMES.has(name))) return 'evm';
  if (network.chainId !== undefined && EVM_CHAIN_IDS.has(network.chainId.trim())) return 'evm';
  return undefined;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

// The bytes a base58 text stands for, or undefined when it holds a character outside the alphabet.
function base58Bytes(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  const zeros = /^1*/.exec(text)?.[0].length ?? 0;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes]);
}

/**
 * The EIP-55 mixed-case form of a 40-hex-digit address (without `0x`): a letter is upper case
 * where the Keccak-256 digest of the lower-case address has a nibble of 8 or more.
 *
 * @example
 * ```ts
 * toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');
 * // '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
 * ```
 */
export function toChecksumAddress(address: string): string {
  const hex = address.replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]{40}$/.test(hex)) {
    throw new PaymentValidationError(
      [{ path: ['wallet'], message: 'must be 0x followed by 40 hexadecimal digits' }],
      'Invalid wallet address',
    );
  }
  const digest = keccak256Hex(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const char = hex[i] ?? '';
    out += Number.parseInt(digest[i] ?? '0', 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

// Why `address` is not an address of `family`, or undefined when it is.
function problemOf(address: string, family: Family): string | undefined {
  switch (family) {
    case 'evm': {
      if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return 'expects 0x followed by 40 hex digits';
      const hex = address.slice(2);
      // All one case carries no checksum (EIP-55); mixed case must be the checksummed form.
      if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return undefined;
      return toChecksumAddress(address) === address
        ? undefined
        : 'has a mixed-case address whose EIP-55 checksum is wrong (a mistyped character?)';
    }
    case 'tron': {
      const bytes = /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address) ? base58Bytes(address) : undefined;
      return bytes?.length === 25 && bytes[0] === 0x41
        ? undefined
        : 'expects a base58 address of 34 characters starting with T';
    }
    case 'solana': {
      const bytes = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)
        ? base58Bytes(address)
        : undefined;
      return bytes?.length === 32
        ? undefined
        : 'expects a base58 address of 32 to 44 characters (32 bytes)';
    }
  }
}

/**
 * Checks a wallet address against the network a withdrawal will use, before anything is sent:
 * on ERC-20, BEP-20 and Polygon (EVM networks), `0x` and 40 hex digits, and when the address is
 * mixed-case its EIP-55 checksum (a single mistyped character is caught); on TRC-20 (Tron), a
 * base58 address of 34 characters starting with `T`; on Solana, a base58 address of 32 bytes. A
 * network of any other family is refused, since its addresses cannot be checked. Returns the
 * address unchanged.
 *
 * Pure, no I/O. It cannot tell whether anyone holds the address's keys, nor whether the address
 * is on the network chosen (the same `0x` address exists on every EVM network): USDT sent on
 * another network, or to a mistyped but well-formed address, is lost.
 *
 * @throws {@link PaymentValidationError} naming the network and the format it expects.
 *
 * @example
 * ```ts
 * validateWalletAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', { name: 'BEP-20', chainId: '56' });
 * ```
 */
export function validateWalletAddress(address: string, network: WalletNetwork): string {
  const label = `${String(network?.name)}${network?.chainId ? ` (chainId ${network.chainId})` : ''}`;
  const refuse = (message: string): never => {
    throw new PaymentValidationError([{ path: ['wallet'], message }], 'Invalid wallet address');
  };
  if (typeof network !== 'object' || network === null || typeof network.name !== 'string') {
    return refuse('the network must be a listed blockchain network with a name');
  }
  if (typeof address !== 'string' || address.trim() === '') {
    return refuse(`must be a non-empty string (network ${label})`);
  }
  const family = familyOf(network);
  if (family === undefined) {
    return refuse(
      `network ${label} has no address format known here (ERC-20, BEP-20, Polygon, TRC-20, Solana)`,
    );
  }
  const problem = problemOf(address, family);
  if (problem !== undefined) {
    return refuse(`network ${label} ${problem}; got ${JSON.stringify(address.slice(0, 64))}`);
  }
  return address;
}
