import type { mail as ko } from '../ko/mail.js';

export const mail: typeof ko = {
  signature: 'The Carol team\nThis mailbox is not monitored.',
  registration: {
    subject: '[Carol] Please confirm your registration',
    body: 'Hello {{name}}, thank you for joining Carol.\n\nOpen the link below to confirm your e-mail address. It works once, for 24 hours.\n\n{{link}}\n\nIf you did not ask for this, please ignore this mail.',
  },
  alreadyRegistered: {
    subject: '[Carol] You already have an account',
    body: 'Someone asked to register with this e-mail address, but it already has a Carol account.\n\nLog in: {{loginLink}}\nForgot your password? Reset it here: {{resetLink}}\n\nIf you did not ask for this, please ignore this mail.',
  },
  passwordReset: {
    subject: '[Carol] Reset your password',
    body: 'We received a request to reset your password.\n\nOpen the link below to choose a new one. It works once, for 30 minutes.\n\n{{link}}\n\nIf you did not ask for this, please ignore this mail; your password stays the same.',
  },
};
