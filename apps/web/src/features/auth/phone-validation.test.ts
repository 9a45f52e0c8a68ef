import { describe, expect, it } from 'vitest';
import { codeInput, formatCountdown, phoneFieldError } from './phone-validation';

describe('phoneFieldError', () => {
  it('accepts Korean mobile numbers with or without hyphens on kr', () => {
    expect(phoneFieldError('010-1234-5678', 'kr', 'ko')).toBeNull();
    expect(phoneFieldError('01012345678', 'kr', 'ko')).toBeNull();
    expect(phoneFieldError('011-234-5678', 'kr', 'ko')).toBeNull();
  });

  it('accepts Japanese mobile numbers on jp, full-width digits too', () => {
    expect(phoneFieldError('090-1234-5678', 'jp', 'ja')).toBeNull();
    expect(phoneFieldError('０８０１２３４５６７８', 'jp', 'ja')).toBeNull();
  });

  it('says numbers only for anything but digits and hyphens (spec 5)', () => {
    expect(phoneFieldError('010-12a4-5678', 'kr', 'en')).toBe(
      'You can enter only numbers for mobile phone numbers.',
    );
    expect(phoneFieldError('+8190', 'jp', 'ko')).toBe('휴대폰 번호는 숫자만 입력할 수 있습니다.');
  });

  it("names the market's format otherwise (spec 5)", () => {
    expect(phoneFieldError('010-1234-567', 'kr', 'en')).toBe(
      'Please enter the format 01X-XXXX-XXXX.',
    );
    expect(phoneFieldError('010-1234-5678', 'jp', 'ja')).toBe(
      '0X0-XXXX-XXXX の形式で入力してください。',
    );
    expect(phoneFieldError('02-123-4567', 'kr', 'ko')).toBe(
      '01X-XXXX-XXXX 형식으로 입력해 주세요.',
    );
    expect(phoneFieldError('010-123-4567', 'kr', 'en')).not.toBeNull();
    expect(phoneFieldError('', 'kr', 'en')).not.toBeNull();
  });
});

describe('code box and countdown', () => {
  it('keeps at most six digits', () => {
    expect(codeInput('12 34-56 78')).toBe('123456');
    expect(codeInput('１２３')).toBe('123');
  });

  it('formats mm:ss', () => {
    expect(formatCountdown(180)).toBe('03:00');
    expect(formatCountdown(59.2)).toBe('01:00');
    expect(formatCountdown(9)).toBe('00:09');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});
