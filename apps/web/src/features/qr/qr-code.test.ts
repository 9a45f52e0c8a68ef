import { describe, expect, it } from 'vitest';
import { formatQrCode } from '@carol/contracts';
import { formatCountdown, parseScannedCode, personName } from './qr-code';

const code = '7K3M9QX2ABCDEFGHJKMNPQRSTVWX';

describe('parseScannedCode', () => {
  it('takes the code out of the QR link, from any origin', () => {
    expect(parseScannedCode(`https://carol.example/mypage/qrcodescanner?code=${code}`)).toBe(code);
    expect(parseScannedCode(`http://localhost:3000/mypage/qrcodescanner?x=1&code=${code}`)).toBe(
      code,
    );
    expect(parseScannedCode(`/mypage/qrcodescanner?code=${code}`)).toBe(code);
  });

  it('accepts the code typed by hand: grouped, lower case, spaces, Crockford look-alikes', () => {
    expect(parseScannedCode(code)).toBe(code);
    expect(parseScannedCode(formatQrCode(code))).toBe(code);
    expect(parseScannedCode(` ${formatQrCode(code).toLowerCase()} `)).toBe(code);
    expect(parseScannedCode(formatQrCode(code).replace(/-/g, ' '))).toBe(code);
    expect(parseScannedCode('O'.repeat(14) + 'I'.repeat(7) + 'L'.repeat(7))).toBe(
      '0'.repeat(14) + '1'.repeat(14),
    );
  });

  it('refuses anything that is not a whole code', () => {
    expect(parseScannedCode('')).toBeNull();
    expect(parseScannedCode(code.slice(1))).toBeNull();
    expect(parseScannedCode(`${code}A`)).toBeNull();
    expect(parseScannedCode('U'.repeat(28))).toBeNull();
    expect(parseScannedCode('https://carol.example/mypage/qrcodescanner')).toBeNull();
    expect(parseScannedCode('https://carol.example/?code=short')).toBeNull();
    expect(parseScannedCode('WIFI:S:salon;T:WPA;P:secret;;')).toBeNull();
    expect(parseScannedCode('x'.repeat(5000))).toBeNull();
  });

  it('groups codes in fours for reading off the mirror', () => {
    expect(formatQrCode(code)).toBe('7K3M-9QX2-ABCD-EFGH-JKMN-PQRS-TVWX');
  });
});

describe('formatCountdown and personName', () => {
  it('formats minutes and seconds, never negative', () => {
    expect(formatCountdown(120)).toBe('2:00');
    expect(formatCountdown(65.7)).toBe('1:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('writes names the way each language does', () => {
    expect(personName('ko', '김', '하늘')).toBe('김하늘');
    expect(personName('ja', '田中', '花子')).toBe('田中 花子');
    expect(personName('en', 'Kim', 'Haneul')).toBe('Haneul Kim');
  });
});
