import { describe, expect, it } from 'vitest';
import {
  ConsentSchema,
  consentFields,
  missingSignUpConsents,
  signUpConsentItems,
} from './endpoints/consents.js';

const none = { agree_terms: false, agree_privacy: false, agree_age: false, agree_marketing: false };

describe('sign-up consents', () => {
  it('asks Korea for terms, personal information and 14 or over, marketing optional', () => {
    expect(signUpConsentItems.kr.map((i) => [i.item, i.isRequired])).toEqual([
      ['terms', true],
      ['privacy', true],
      ['age', true],
      ['marketing', false],
    ]);
    expect(missingSignUpConsents('kr', none)).toEqual([
      { field: 'agree_terms', code: 'TERMS_CONSENT_REQUIRED' },
      { field: 'agree_privacy', code: 'PRIVACY_CONSENT_REQUIRED' },
      { field: 'agree_age', code: 'AGE_CONSENT_REQUIRED' },
    ]);
  });

  it('asks Japan for terms and privacy only (no age item), marketing optional', () => {
    expect(signUpConsentItems.jp.map((i) => i.item)).toEqual(['terms', 'privacy', 'marketing']);
    expect(missingSignUpConsents('jp', { ...none, agree_terms: true })).toEqual([
      { field: 'agree_privacy', code: 'PRIVACY_CONSENT_REQUIRED' },
    ]);
    expect(
      missingSignUpConsents('jp', { ...none, agree_terms: true, agree_privacy: true }),
    ).toEqual([]);
  });

  it('never requires marketing', () => {
    const required = { agree_terms: true, agree_privacy: true, agree_age: true };
    expect(missingSignUpConsents('kr', { ...required, agree_marketing: false })).toEqual([]);
  });

  it('reads a checkbox as given only for true, "true", "1" or "on"', () => {
    for (const yes of [true, 'true', '1', 'on']) expect(ConsentSchema.parse(yes)).toBe(true);
    for (const no of [false, 'false', '', '0', 'yes', undefined]) {
      expect(ConsentSchema.parse(no)).toBe(false);
    }
  });

  it('names one form field per item', () => {
    expect(Object.values(consentFields)).toEqual([
      'agree_terms',
      'agree_privacy',
      'agree_age',
      'agree_marketing',
    ]);
  });
});
