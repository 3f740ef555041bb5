import {
  formatMicros,
  MAX_USDT_MICROS,
  microsToAmount,
  normalizeUsdt,
  PaymentValidationError,
  parseRateText,
  toChecksumAddress,
  toMicros,
  validateWalletAddress,
} from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';

function issueOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentValidationError);
    return (error as PaymentValidationError).issues[0]?.message ?? '';
  }
  throw new Error('expected a PaymentValidationError');
}

describe('USDT amounts, exact to six decimals', () => {
  it.each([
    ['10.5', 10_500_000],
    ['0.186433', 186_433],
    ['0.000001', 1],
    ['007', 7_000_000],
    ['999999999.999999', MAX_USDT_MICROS],
  ])('the decimal string %s is %i millionths', (amount, micros) => {
    expect(toMicros(amount)).toBe(micros);
  });

  it.each([
    [0.1, 100_000],
    [0.29, 290_000],
    [15.019866, 15_019_866],
    [0.866938, 866_938],
  ])('the number %d is %i millionths, without float error', (amount, micros) => {
    expect(toMicros(amount)).toBe(micros);
  });

  it('reads { micros } as given', () => {
    expect(toMicros({ micros: 1 })).toBe(1);
  });

  it.each([
    ['0.0000001', 'more than six decimals'],
    ['0', 'greater than zero'],
    ['-1', 'not a positive decimal'],
    ['1e3', 'not a positive decimal'],
    ['10,5', 'not a positive decimal'],
    ['1000000000', 'above the largest'],
  ])('refuses %s (%s)', (amount, reason) => {
    expect(issueOf(() => toMicros(amount))).toContain(reason);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [-0.5], [0.1 + 0.2], [1e-7]])(
    'refuses the number %d',
    (amount) => {
      expect(() => toMicros(amount)).toThrow(PaymentValidationError);
    },
  );

  it.each([[{ micros: 0 }], [{ micros: 1.5 }], [{ micros: MAX_USDT_MICROS + 1 }]])(
    'refuses %o',
    (amount) => {
      expect(() => toMicros(amount)).toThrow(PaymentValidationError);
    },
  );

  it('sends millionths as the JSON number that reads back the same', () => {
    for (const micros of [1, 186_433, 15_019_866, 123_456_789_012_345, MAX_USDT_MICROS]) {
      const sent = JSON.stringify({ amount: microsToAmount(micros) });
      expect(toMicros(JSON.parse(sent).amount)).toBe(micros);
    }
    expect(normalizeUsdt('0.1')).toBe(0.1);
    expect(formatMicros(10_500_000)).toBe('10.500000');
    expect(formatMicros(-1)).toBe('-0.000001');
  });

  it('reads a rate from the text the quotes send', () => {
    expect(parseRateText('R$ 5.364')).toBe('5.364');
    expect(parseRateText('R$ 5.170')).toBe('5.170');
    expect(parseRateText('R$ 5,17')).toBe('5.17');
    expect(parseRateText('R$')).toBeUndefined();
  });

  it('reads thousands separators in a rate as a person would', () => {
    expect(parseRateText('R$ 1.234,56')).toBe('1234.56');
    expect(parseRateText('R$ 1,234.56')).toBe('1234.56');
    expect(parseRateText('R$ 1.234.567')).toBe('1234567');
    expect(parseRateText('R$ 1,234,567.5')).toBe('1234567.5');
    expect(parseRateText('R$ 0005.364')).toBe('5.364');
    expect(parseRateText('cotação: R$ 5.364 por USDT')).toBe('5.364');
  });
});

const bep20 = { name: 'BEP-20', chain: 'BSC', chainId: '56' };

describe('validateWalletAddress', () => {
  // The test vectors of EIP-55.
  it.each([
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ])('accepts the EIP-55 vector %s on every EVM network', (address) => {
    for (const network of [
      bep20,
      { name: 'ERC-20', chain: 'Ethereum', chainId: '1' },
      { name: 'Polygon', chainId: '137' },
    ]) {
      expect(validateWalletAddress(address, network)).toBe(address);
    }
  });

  it('writes the checksummed form of an address', () => {
    expect(toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    expect(toChecksumAddress('0xFB6916095CA1DF60BB79CE92CE3EA74C37C5D359')).toBe(
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    );
  });

  it('refuses a mixed-case address with one character in the wrong case, naming the network', () => {
    const message = issueOf(() =>
      validateWalletAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', bep20),
    );
    expect(message).toContain('BEP-20 (chainId 56)');
    expect(message).toContain('EIP-55 checksum');
  });

  it.each([
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', 'short'],
    ['5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'no 0x'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg', 'not hex'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'a Tron address'],
    [' 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'a space'],
  ])('refuses %s on an EVM network (%s), saying what it expects', (address) => {
    expect(issueOf(() => validateWalletAddress(address, bep20))).toContain(
      'expects 0x followed by 40 hex digits',
    );
  });

  it('checks Tron and Solana addresses by their own formats', () => {
    const tron = { name: 'TRC-20', chain: 'Tron' };
    const solana = { name: 'Solana' };
    expect(validateWalletAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', tron)).toBeTruthy();
    expect(
      issueOf(() => validateWalletAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', tron)),
    ).toContain('starting with T');
    expect(
      validateWalletAddress('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', solana),
    ).toBeTruthy();
    expect(
      issueOf(() => validateWalletAddress('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGG0', solana)),
    ).toContain('32 bytes');
  });

  it('refuses a network whose address format it does not know, and a missing address', () => {
    expect(issueOf(() => validateWalletAddress('bc1qxyz', { name: 'Bitcoin' }))).toContain(
      'no address format known',
    );
    expect(issueOf(() => validateWalletAddress('', bep20))).toContain('non-empty');
  });
});
