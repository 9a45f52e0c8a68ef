import { describe, expect, it } from 'vitest';
import { consentVersions } from '@carol/contracts';
import { companyInfo } from '../../lib/company';

describe('consent versions', () => {
  it('are the effective date of the terms and privacy policy the member reads', () => {
    const effective = companyInfo.policyEffectiveDate.slice(0, 10);
    expect(consentVersions.terms).toBe(effective);
    expect(consentVersions.privacy).toBe(effective);
  });
});
