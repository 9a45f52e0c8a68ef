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
  emailChange: {
    subject: '[Carol] Please confirm your new e-mail address',
    body: "We received a request to change your Carol account's e-mail address to this one.\n\nOpen the link below to complete the change. It works once, for 24 hours, while you are logged in to Carol.\n\n{{link}}\n\nIf you did not ask for this, please ignore this mail.",
  },
  emailChangeTaken: {
    subject: '[Carol] This e-mail address is already in use',
    body: "Someone tried to change a Carol account's e-mail address to this one, but it already belongs to another Carol account.\n\nIf you did not ask for this, please ignore this mail.",
  },
  emailChangeRequested: {
    subject: '[Carol] An e-mail address change was requested',
    body: "Someone asked to change your Carol account's e-mail address to {{email}}. The change only happens when the link sent to the new address is opened.\n\nIf this was not you, reset your password now: {{resetLink}}",
  },
  emailChanged: {
    subject: '[Carol] Your e-mail address was changed',
    body: "Your Carol account's e-mail address is now {{email}}. This address can no longer be used to log in.\n\nIf you did not make this change, please contact the customer center.",
  },
  bookingConfirmed: {
    subject: '[Carol] Your reservation at {{shop}} is confirmed ({{date}} {{time}})',
    body: 'Hello {{name}}, your reservation is confirmed.\n\nReservation number: {{number}}\nSalon: {{shop}}\nAddress: {{address}}\nWhen: {{date}} {{time}} ({{duration}} min)\nDesigner: {{designer}}\nTreatments: {{menus}}\nTotal: {{total}} (paid at the salon)\n\nOpen the attached calendar file (.ics) to add it to your calendar.\nSee or cancel the reservation: {{link}}\nA reservation cannot be cancelled after its start time.',
  },
  bookingRescheduled: {
    subject: '[Carol] Your reservation at {{shop}} now starts {{date}} {{time}}',
    body: 'Hello {{name}}, your reservation has been changed.\n\nReservation number: {{number}} (unchanged)\nSalon: {{shop}}\nAddress: {{address}}\nBefore: {{previous}}\nNow: {{date}} {{time}} ({{duration}} min)\nDesigner: {{designer}}\nTreatments: {{menus}}\nTotal: {{total}} (paid at the salon)\n\nOpen the attached calendar file (.ics) to update the event in your calendar.\nView, change or cancel: {{link}}',
  },
  bookingRescheduledByShop: {
    subject: '[Carol] The salon moved your reservation at {{shop}} to {{date}} {{time}}',
    body: 'Hello {{name}}, the salon moved your reservation to another time.\n\nReservation number: {{number}} (unchanged)\nSalon: {{shop}}\nBefore: {{previous}}\nNow: {{date}} {{time}} ({{duration}} min)\nDesigner: {{designer}}\nTreatments: {{menus}}\n\nOpen the attached calendar file (.ics) to update the event in your calendar. If the new time does not suit you, contact the salon ({{phone}}) or cancel: {{link}}',
  },
  bookingCancelledByShop: {
    subject: '[Carol] The salon cancelled your reservation at {{shop}}',
    body: 'Hello {{name}}, we are sorry: the salon cancelled the reservation below.\n\nReservation number: {{number}}\nSalon: {{shop}}\nWhen: {{date}} {{time}}\nDesigner: {{designer}}\nReason: {{reason}}\n\nPlease book another time or contact the salon ({{phone}}).\nYour reservations: {{link}}',
  },
  salonBookingRescheduled: {
    subject: '[Carol] Reservation moved: {{customer}}, now {{date}} {{time}} (no. {{number}})',
    body: "A customer moved their reservation at {{shop}} on Carol.\n\nReservation number: {{number}} (unchanged)\nCustomer: {{customer}}\nBefore: {{previous}} ({{previousDesigner}})\nNow: {{date}} {{time}} ({{duration}} min)\nDesigner: {{designer}}\nTreatments: {{menus}}\n\nThe previous time is open for bookings again. The booking list in the salon console shows the change.\nThese notices can be switched off in the console's notice settings.",
  },
  salonBookingCancelled: {
    subject: '[Carol] Reservation cancelled: {{customer}}, {{date}} {{time}} (no. {{number}})',
    body: "A customer cancelled their reservation at {{shop}} on Carol.\n\nReservation number: {{number}}\nCustomer: {{customer}}\nWhen: {{date}} {{time}} ({{duration}} min)\nDesigner: {{designer}}\nTreatments: {{menus}}\n\nThe time is open for bookings again.\nThese notices can be switched off in the console's notice settings.",
  },
  bookingCancelReasonNone: 'The salon gave no reason.',
  bookingCalendarTitle: 'Salon reservation: {{shop}} ({{designer}})',
};
