import type { phone as ko } from '../ko/phone.js';

export const phone: typeof ko = {
  fields: {
    tel: 'Mobile number',
    code: 'Verification code',
    password: 'Current password',
  },
  placeholders: {
    kr: '010-1234-5678',
    jp: '090-1234-5678',
    code: '6 digits',
  },
  code: {
    send: 'Send code',
    sending: 'Sending…',
    sentTo: 'We sent a code to <strong>{{tel}}</strong>.',
    remaining: 'Time left',
    expired: 'The code has expired. Please request a new one.',
    resend: 'Send a new code',
    resendIn: 'Resend in {{seconds}} s',
    sendIn: 'Get a code in {{seconds}} s',
    tooSoon: 'You can get one code a minute. Please wait a moment and ask again.',
    changeNumber: 'Change number',
    required: 'Please enter the 6-digit code.',
    notArrived: 'No code? Check the number you entered and request a new one in a moment.',
    notArrivedShort: 'No code yet?',
  },
  login: {
    heading: 'Log in with your phone number',
    lead: 'We will text a code to the mobile number you registered at the smart mirror.',
    eligibility:
      'Phone login is available to members who joined through a smart mirror before 2024. Everyone else, please log in with your e-mail.',
    submit: 'Log in',
    submitting: 'Logging in…',
    failureTitle: 'Login failed',
    emailLogin: 'Log in with e-mail',
  },
  settings: {
    createTel: {
      heading: 'Add a mobile number',
      lead: 'We will text a code to the number. Once it is verified you can book, log in by QR code and link your salon data.',
      submit: 'Verify and save',
      done: 'Your mobile number has been saved.',
    },
    changeTel: {
      heading: 'Change mobile number',
      lead: 'We will text a code to the new number. The number changes once it is verified.',
      current: 'Current number',
      submit: 'Verify and change',
      done: 'Your mobile number has been changed.',
    },
    passwordHint: 'Enter your current password to confirm it is you.',
    passwordRequired: 'Please enter your current password.',
    reauthHint:
      'For your security, if you logged in more than 10 minutes ago, log in again before making this change.',
    relogin: 'Log in again',
    failureTitle: 'That did not work',
  },
  server: {
    codeSent: 'We sent a code. Please enter it within {{minutes}} minutes.',
    verified: 'Your mobile number is verified.',
  },
  sms: {
    loginCode: '[Carol] Your login code is {{code}}. It is valid for {{minutes}} minutes.',
    verifyCode:
      '[Carol] Your phone verification code is {{code}}. It is valid for {{minutes}} minutes.',
    notEligible:
      '[Carol] Someone asked to log in by phone with this number, but this account cannot use phone login. Please log in with your e-mail: {{link}}',
  },
};
