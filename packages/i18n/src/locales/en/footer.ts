import type { footer as ko } from '../ko/footer.js';

export const footer: typeof ko = {
  companyName: 'Carol Inc.',
  companyNameLabel: 'Company name',
  ceoLabel: 'CEO',
  ceo: 'Seoyun Han',
  addressLabel: 'Address',
  address: '12F, 427 Teheran-ro, Gangnam-gu, Seoul, Republic of Korea',
  businessNumberLabel: 'Business registration no.',
  mailOrderLabel: 'Mail-order business reg.',
  customerCenterKr: 'Customer centre (Korea)',
  customerCenterJp: 'Customer centre (Japan)',
  emailLabel: 'Email',
  hours: 'Weekdays 10:00–18:00 KST (closed 12:30–13:30, weekends and public holidays)',
  links: {
    label: 'Policies and contact',
    company: 'About us',
    terms: 'Terms of service',
    privacy: 'Privacy policy',
    inquiry: 'Contact us',
    partnership: 'Ads & partnerships',
  },
  notice:
    'Carol is an intermediary for bookings and is not a party to them. Each salon is responsible for the treatments and services it provides.',
  copyright: '© {{year}} Carol Inc. All rights reserved.',
};
