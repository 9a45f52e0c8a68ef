/** The required sign-up consents of both markets, as the web's checkboxes send them. */
export const requiredConsents = {
  agree_terms: 'true',
  agree_privacy: 'true',
  agree_age: 'true',
} as const;
