import type { support as ko } from '../ko/support.js';

export const support: typeof ko = {
  inquiry: {
    heading: 'How can we help?',
    intro: 'Tell us about a problem or a question. We reply by email within two business days.',
  },
  partnership: {
    heading: 'Grow with Carol',
    intro:
      'Propose a salon listing, an advertising campaign or a brand partnership. Our team will review it and get back to you.',
  },
  fields: {
    name: 'Name',
    email: 'Email',
    company: 'Company or salon',
    title: 'Subject',
    message: 'Message',
  },
  placeholders: {
    name: 'Jamie Lee',
    email: 'name@example.com',
    company: 'Optional',
    title: 'What is it about?',
    message: 'The more detail you give, the better we can help.',
    partnershipMessage: 'Describe your proposal, your timeline and how to reach you.',
  },
  optional: 'Optional',
  counter: '{{count}} / {{max}}',
  consent:
    'I agree that my name and email are collected and used to answer this inquiry (kept for 3 years after the reply).',
  fieldErrors: {
    required: '{{field}} is required.',
    email: 'Enter a valid email address.',
    tooShort: 'Enter at least {{min}} characters.',
    tooLong: 'Enter no more than {{max}} characters.',
    consent: 'Please agree to the collection and use of your personal information.',
    invalidCharacters: 'This contains characters that cannot be used. Please remove them.',
  },
  formError: 'Please check the highlighted fields.',
  submit: 'Send inquiry',
  submitting: 'Sending…',
  success: {
    title: 'Your inquiry has been received',
    body: 'Reference number {{id}}. We will reply to the email address you entered.',
    again: 'Write another inquiry',
  },
  failureTitle: 'We couldn’t send your inquiry',
};
