import type { reminders as ko } from '../ko/reminders.js';

export const reminders: typeof ko = {
  mail: {
    subject: '[Carol] Reminder: {{date}} {{time}} at {{shop}}',
    body: 'Hello {{name}}, this is a reminder of your booking.\n\nSalon: {{shop}}\nWhen: {{date}} {{time}}\nDesigner: {{designer}}\nMenu: {{menus}}\nBooking number: {{number}}\n\nSee the booking: {{viewLink}}\nCancel the booking: {{cancelLink}}\n\nThe links work until the booking starts. You can switch reminders off in your My page settings.',
  },
  sms: '[Carol] Reminder {{date}} {{time}} {{shop}}. View {{viewLink}} Cancel {{cancelLink}}',
  link: {
    title: 'Your booking',
    cancelTitle: 'Cancel booking',
    loading: 'Loading your booking…',
    number: 'Booking number',
    shop: 'Salon',
    when: 'When',
    designer: 'Designer',
    menus: 'Menu',
    status: 'Status',
    statusReserved: 'Booked',
    statusCancelled: 'Cancelled',
    statusVisited: 'Visited',
    cancelButton: 'Cancel this booking',
    confirmQuestion: 'Do you really want to cancel this booking? This cannot be undone.',
    confirmYes: 'Yes, cancel it',
    confirmNo: 'Go back',
    cancelled: 'Your booking has been cancelled.',
    cannotCancel: 'This booking can no longer be cancelled.',
    openApp: 'See it in My page',
  },
  settings: {
    title: 'Booking reminders',
    description:
      'We remind you before each booking at the times your salon chose (by default 24 hours and 2 hours before). Never between 9 pm and 8 am.',
    email: 'Reminders by e-mail',
    sms: 'Reminders by text message (SMS)',
    saved: 'Saved.',
  },
};
