/** The waitlist: "tell me if a time opens", its notice by mail and SMS, the member's list (ADR 058). */
export const waitlist = {
  member: 'there',
  mail: {
    subject: '[Carol] A time opened: {{date}} at {{shop}}',
    body: 'Hi {{name}}, a time you were waiting for has opened.\n\nSalon: {{shop}}\nDate: {{date}}\nFree times: {{times}}\n\nBook now: {{link}}\n\nWhoever books first gets it: someone else may take it before you do. Waitlist alerts end by themselves once the date has passed.',
  },
  sms: '[Carol] A time opened {{date}} {{shop}} {{times}}. First to book gets it {{link}}',
  offer: {
    title: 'Tell me if a time opens',
    description:
      'No free times on {{date}}. If a cancellation frees one, we tell you at once by e-mail and SMS. Whoever books first gets it.',
    designer: 'Designer',
    anyDesigner: 'Any designer',
    onlyDesigner: 'Only {{name}}',
    window: 'Time of day',
    anyTime: 'Any time',
    between: 'Between',
    from: 'from',
    to: 'to',
    submit: 'Tell me',
    joined: "Done. We'll tell you if a time opens on {{date}}.",
    manage: 'See my waitlist',
  },
  list: {
    title: 'Waitlist',
    count: '{{count}} of {{limit}}',
    anyTime: 'Any time',
    anyDesigner: 'Any designer',
    statusWaiting: 'Waiting',
    statusNotified: 'Told',
    statusBooked: 'Booked',
    book: 'Book',
    leave: 'Stop waiting',
    left: 'You left the waitlist.',
  },
};
