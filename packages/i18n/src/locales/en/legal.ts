import type { legal as ko } from '../ko/legal.js';

export const legal: typeof ko = {
  effective: 'Effective {{date}}',
  toc: 'Contents',
  company: {
    heading: 'Beauty made easier, with Carol',
    intro:
      'Carol is a beauty platform that uses AI to help you find the hair that suits you and connects you with salons and designers you can trust. Customers and salons in Korea and Japan use it every day.',
    values: {
      discover: {
        title: 'Discover',
        body: 'Find salons and designers by name, area or map, and compare them by reviews and ratings.',
      },
      try: {
        title: 'Try first',
        body: 'See a colour or style on your own photo with face-aware virtual try-on before your appointment.',
      },
      keep: {
        title: 'Keep track',
        body: 'Keep your styling history, scalp checks and bookings together so your next visit is easier.',
      },
    },
    infoTitle: 'Company information',
    contactTitle: 'Contact',
  },
  terms: {
    intro:
      'These terms set out the rights, obligations and responsibilities of Carol Inc. (“the Company”) and its members in using the Carol service.',
    sections: {
      purpose: {
        heading: 'Article 1 (Purpose)',
        body: 'These terms set the conditions and procedures for using the salon search, style book, virtual try-on, booking and related services (“the Service”) that the Company provides on the web and mobile.',
      },
      definitions: {
        heading: 'Article 2 (Definitions)',
        body: '“Member” means a person who has accepted these terms and created an account.\n“Salon” means a hair and beauty business listed on the Service that offers treatments and bookings.\n“Booking” means a member’s request, made through the Service, for a treatment appointment at a salon.',
      },
      effect: {
        heading: 'Article 3 (Effect and changes)',
        body: 'These terms take effect when posted on the Service.\nThe Company may change these terms within the limits of the law. Changes are announced 7 days before they take effect, or 30 days before if they are unfavourable to members.',
      },
      account: {
        heading: 'Article 4 (Accounts)',
        body: 'You can sign up with an email address, an external account (Google, Apple) or a phone number.\nYou must provide accurate information and are responsible for keeping your account and password safe.\nYou can delete your account at any time from Settings.',
      },
      service: {
        heading: 'Article 5 (The Service)',
        body: 'The Company provides salon and designer search, the style book, favourites, a gallery, scalp check history, bookings and QR code linking.\nThe Service runs around the clock, but may be paused for maintenance or outages.',
      },
      reservation: {
        heading: 'Article 6 (Bookings and cancellations)',
        body: 'Bookings can be made only for available times within the salon’s opening hours and outside its days off.\nA booking cannot be cancelled after its start time, and a salon may cancel a booking for its own reasons.\nThe treatment, its quality and payment are governed by the agreement between the member and the salon; the Company acts as an intermediary.',
      },
      simulation: {
        heading: 'Article 7 (Virtual try-on)',
        body: 'Try-on results are predicted images based on your photo and may differ from the actual result of a treatment.\nPhotos uploaded for try-on are used only to create the result and are kept only if you save them to your gallery.',
      },
      duties: {
        heading: 'Article 8 (Members’ obligations)',
        body: 'Members must not use another person’s information, repeatedly make false bookings or interfere with the Service.\nTo change a booking time, cancel and book again rather than asking in the request note.',
      },
      liability: {
        heading: 'Article 9 (Limitation of liability)',
        body: 'The Company is not liable for damage caused by natural disasters, by the member’s own fault or by errors in information provided by salons, except for damage caused by the Company’s intent or gross negligence.',
      },
      disputes: {
        heading: 'Article 10 (Disputes and jurisdiction)',
        body: 'Disputes about the Service are first discussed through the customer centre.\nIf no agreement is reached, the laws of the Republic of Korea apply; members using the Service in Japan also keep the protection of Japanese consumer law.',
      },
    },
  },
  privacy: {
    intro:
      'Carol Inc. complies with the Personal Information Protection Act and related laws, and publishes this policy to explain how it handles members’ personal information safely.',
    sections: {
      items: {
        heading: '1. Information we collect',
        body: 'Required: name, email address, password (stored encrypted), service country and language\nFor bookings: booker’s name, phone number and requests\nOptional: profile photo, photos for virtual try-on, location (when searching nearby salons)\nCollected automatically: access logs, device information, cookies',
      },
      purpose: {
        heading: '2. How we use it',
        body: 'To identify members and handle sign-up and deletion, to make and remind you of bookings, to show styling and scalp check history, to create try-on results, to answer inquiries, and for statistics that improve the Service.',
      },
      retention: {
        heading: '3. How long we keep it',
        body: 'We keep your information until you delete your account or withdraw consent, then destroy it without delay.\nAs required by e-commerce law, records of contracts and withdrawals are kept for 5 years, records of complaints and disputes for 3 years, and access logs for 3 months.',
      },
      thirdParty: {
        heading: '4. Sharing with third parties',
        body: 'When you book, we give the salon your name, phone number and requests. The salon uses them only to carry out and remind you of the booking, and keeps them until you delete your account or withdraw consent.\nOtherwise we do not share your information without your consent, except where the law requires it.',
      },
      processors: {
        heading: '5. Processors',
        body: 'We entrust cloud hosting and the sending of email and text messages to specialist providers, and our contracts with them require your information to be protected.',
      },
      photos: {
        heading: '6. Photos and facial data',
        body: 'Facial landmarks from a try-on photo are processed only while the result image is created and are not stored. Photos saved to your gallery are deleted when you delete them or your account.',
      },
      destruction: {
        heading: '7. Destruction',
        body: 'Information whose retention period has ended is destroyed so that it cannot be recovered: electronic files are permanently erased and paper documents are shredded or incinerated.',
      },
      rights: {
        heading: '8. Your rights',
        body: 'You may ask at any time to see, correct, delete or stop the processing of your information. Do it yourself in My page settings or ask the customer centre, and we will act without delay.',
      },
      security: {
        heading: '9. Security measures',
        body: 'We encrypt passwords and data in transit (HTTPS), limit access to the minimum needed, keep access logs and run regular security reviews.',
      },
      officer: {
        heading: '10. Privacy officer',
        body: 'Privacy officer: Head of Information Security\nContact: the email address below or the customer centre\nThis policy applies from its effective date; changes are announced in the Service.',
      },
    },
  },
};
