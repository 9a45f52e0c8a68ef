import type { signup as ko } from '../ko/signup.js';

export const signup: typeof ko = {
  consents: {
    legend: 'Agreements',
    all: 'Agree to all',
    allHint: 'I agree to every required and optional item (marketing messages).',
    required: 'Required',
    optional: 'Optional',
    view: 'View',
    viewLabel: 'Read: {{item}}',
    agree: 'Agree',
    items: {
      terms: 'I agree to the Terms of Service',
      privacy: 'I agree to the collection and use of personal information',
      age: 'I am 14 years of age or older',
      marketing: 'Send me offers and news by e-mail and SMS',
    },
    privacy: {
      intro:
        'Carol collects and uses the following personal information to create your account and provide the service.',
      itemsLabel: 'What we collect',
      items:
        'Name, e-mail address, password (stored encrypted), country and language. When you sign up with Google or Apple: the account identifier and e-mail address.',
      purposeLabel: 'Why',
      purpose:
        'Identifying members, sign-up and withdrawal, salon reservations and reminders, answering your inquiries',
      retentionLabel: 'How long',
      retention:
        'Until you withdraw or revoke your consent. Records the law requires us to keep are kept for the period it sets.',
      refusal: 'You may refuse this consent, but without it you cannot create an account.',
      fullPolicy: 'Read the full privacy policy',
    },
    age: {
      body: "Personal information of children under 14 may only be processed with a legal guardian's consent, so Carol accounts are for people aged 14 or over.",
    },
    marketing: {
      body: 'We send news of newly opened salons, discount coupons and events by e-mail and text message (SMS).',
      optional:
        'Signing up and using Carol do not depend on it, and you can change it in Settings at any time.',
    },
    fullTerms: 'Read the full Terms of Service',
  },
  oidc: {
    heading: 'Agree to the terms to finish signing up',
    lead: 'This is your first visit with your {{provider}} account. Agree to the terms below and your account is ready.',
    account: 'Account',
    submit: 'Agree and sign up',
    submitting: 'Signing up…',
    failureTitle: 'Could not finish signing up',
    expired: 'The sign-up took too long. Please start again.',
    restart: 'Back to log in',
    cancel: 'Do not sign up',
  },
  welcome: {
    heading: 'Welcome to Carol, {{name}}!',
    headingNoName: 'Welcome to Carol!',
    body: 'Your account is ready. You can now book salons, keep favourites and save your try-ons.',
    nextTitle: 'Where to start',
    findSalon: 'Find a salon near you',
    findSalonBody: 'Look for salons and designers by area or on the map.',
    tryColour: 'Try a hair colour',
    tryColourBody: 'See which colours suit you, from a single photo.',
    continue: 'Back to where you were',
    home: 'Go to Home',
    marketingOn: 'You agreed to marketing messages (e-mail and SMS) on {{date}}.',
    marketingOff: 'You did not agree to marketing messages (e-mail and SMS).',
    marketingChange: 'You can change this in Settings at any time.',
  },
  settings: {
    title: 'Marketing messages',
    label: 'Offers and event news by e-mail and SMS',
    on: 'You opted in on {{date}}.',
    off: 'Not receiving them since {{date}}.',
    never: 'You have not agreed to marketing messages.',
    savedOn: 'You agreed to marketing messages ({{date}}).',
    savedOff: 'You withdrew your consent to marketing messages ({{date}}).',
    failed: 'Could not change it. Please try again later.',
  },
};
