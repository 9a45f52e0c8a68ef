import type { oidc as ko } from '../ko/oidc.js';

export const oidc: typeof ko = {
  continueWith: {
    google: 'Continue with Google',
    apple: 'Continue with Apple',
    line: 'Continue with LINE',
    kakao: 'Continue with Kakao',
  },
  divider: 'or',
  providers: {
    google: 'Google',
    apple: 'Apple',
    line: 'LINE',
    kakao: 'Kakao',
    oidc: 'External account',
  },
  action: {
    title: 'Signing you in',
    working: 'Finishing your sign-in…',
  },
  linked: {
    title: 'Linked accounts',
    description: 'You can also log in with a linked LINE, Kakao, Google or Apple account.',
    connect: 'Link',
    disconnect: 'Unlink',
    notLinked: 'Not linked',
    connected: 'Your {{provider}} account is now linked.',
    disconnected: 'Your {{provider}} account has been unlinked.',
  },
  welcome: 'You are logged in.',
};
