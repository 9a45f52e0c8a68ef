import type { auth as ko } from '../ko/auth.js';

export const auth: typeof ko = {
  fields: {
    email: 'E-mail',
    password: 'Password',
    familyName: 'Family name',
    givenName: 'Given name',
  },
  placeholders: {
    email: 'name@example.com',
    password: 'Password',
    newPassword: '8–12 characters: upper and lower case, digits and - _ !',
  },
  fieldErrors: {
    email: 'Please enter a valid e-mail address.',
    passwordRequired: 'Please enter your password.',
  },
  login: {
    heading: 'Welcome to Carol',
    submit: 'Log in',
    submitting: 'Logging in…',
    failureTitle: 'Login failed',
    register: 'Sign up with e-mail',
    findPassword: 'Forgot your password?',
    phoneLogin: 'Log in with your phone number',
  },
  register: {
    heading: 'Sign up with e-mail',
    lead: 'We will send a confirmation link to the address you enter.',
    submit: 'Sign up',
    submitting: 'Signing up…',
    failureTitle: 'Registration failed',
    haveAccount: 'I already have an account',
  },
  checkMail: {
    heading: 'Check your mailbox',
    body: 'We sent a confirmation mail to {{email}}. Open its link within 24 hours to finish signing up.',
    hint: 'No mail? Check your spam folder or sign up again.',
    back: 'Back to login',
  },
  activate: {
    working: 'Finishing your registration…',
    failureTitle: 'Confirmation failed',
    again: 'Sign up again',
    welcome: 'You are registered. Welcome!',
  },
  logout: {
    action: 'Log out',
    done: 'You have been logged out.',
  },
};
