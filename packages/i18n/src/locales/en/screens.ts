import type { screens as ko } from '../ko/screens.js';

export const screens: typeof ko = {
  home: { title: 'Home' },
  login: {
    title: 'Log in',
    heading: 'Welcome to Carol',
    description:
      'Here you will log in with your email, phone number, or a Google or Apple account.',
  },
  registerUser: {
    title: 'Sign up',
    heading: 'Create your Carol account',
    description:
      'Here you will sign up with an email address or an external account and accept the terms.',
  },
  registerUserByEmail: {
    title: 'Sign up with email',
    heading: 'Sign up with email',
    description: 'Here you will enter your details for {{email}} and receive a confirmation email.',
  },
  registerUserAfterEmail: {
    title: 'Confirm email',
    heading: 'Confirming your email',
    description: 'Here the link from your confirmation email completes your sign-up.',
  },
  phoneLogin: {
    title: 'Log in with phone',
    heading: 'Log in with your phone number',
    description:
      'Here you will log in with a code sent to your phone. It is for members who joined through a smart mirror before 2024.',
  },
  findPassword: {
    title: 'Forgot password',
    heading: 'Forgot your password?',
    description: 'Here we will send a password reset link to the email address you signed up with.',
  },
  resetPassword: {
    title: 'Reset password',
    heading: 'Set a new password',
    description: 'Here you will set a new password for {{email}}.',
  },
  findPasswordAfterEmail: {
    title: 'Reset password',
    heading: 'Checking your reset link',
    description: 'Here the link from your reset email is checked before you choose a new password.',
  },
  findPasswordAfter: {
    title: 'Email sent',
    heading: 'We sent you a reset email',
    description:
      'Open the password reset link in your inbox. If you can’t find it, check your spam folder.',
  },
  loginAction: {
    title: 'Logging in',
    heading: 'Logging you in',
    description:
      'We are checking the result of your external sign-in and will take you back where you were.',
  },
  signUpAgreement: {
    title: 'Agreements',
  },
  signUpWelcome: {
    title: 'Welcome',
  },
  stylebookStyle: {
    title: 'Style book',
    heading: 'Hair catalogue',
    description:
      'A hair catalogue organised by gender, length and style will appear here. You can save the styles you love to your favourites.',
    women: 'Women',
    men: 'Men',
    genderLabel: 'Gender',
    lengthLabel: 'Length',
    all: 'All',
    shopLink: 'Salons offering this style',
  },
  stylebookShop: {
    title: 'Style salons',
    heading: 'Salons for this style',
    description: 'Salons that offer the selected style will be listed here.',
  },
  simulation: {
    title: 'Try on',
  },
  reminderLink: {
    title: 'Booking reminder',
  },
  notFound: {
    title: 'Page not found',
    heading: 'We can’t find that page',
    description:
      'The address may have changed or the page may have been removed. Please check the address you entered.',
  },
  findList: {
    title: 'Find a salon',
    heading: 'Salon list',
    description:
      'Salons matching your keyword or area will be listed here, sortable by reviews, rating, distance and more.',
    searchPlaceholder: 'Search salons, designers or areas',
    listView: 'List',
    mapView: 'Map',
    byLocation: 'By area',
    byName: 'By name',
  },
  salonInfo: {
    title: 'Salon',
    heading: 'Salon details',
    description:
      'Opening hours, days off, address, introduction and menu of the salon will be shown here.',
    tabs: {
      home: 'Home',
      stylebook: 'Styles',
      menu: 'Menu',
      notice: 'News',
    },
    images: 'See all photos',
    book: 'Book now',
  },
  salonStylebook: {
    title: 'Salon styles',
    heading: 'Styles from this salon',
    description: 'Style photos posted by the salon will appear here, by gender and length.',
  },
  salonMenu: {
    title: 'Menu',
    heading: 'Treatments and prices',
    description:
      'Cuts, perms, colours and other treatments with their base prices will be listed here.',
  },
  salonNotice: {
    title: 'News',
    heading: 'Salon news',
    description: 'News, updates and coupons posted by the salon will appear here.',
  },
  salonImages: {
    title: 'Salon photos',
    heading: 'Salon photos',
    description: 'Here you will swipe through large photos of the salon and its work.',
  },
  designerInfo: {
    title: 'Designer',
    heading: 'About the designer',
    description: 'The designer’s introduction, signature styles and salon will be shown here.',
  },
  findLocation: {
    title: 'Search by area',
    heading: 'Choose an area',
    description:
      'Here you will pick a region and district to find salons there. Your five most recent searches are kept.',
  },
  findName: {
    title: 'Search by name',
    heading: 'Search salons and designers',
    description:
      'Here you will search by salon or designer name. Your five most recent searches are kept and can be cleared at once.',
  },
  findMap: {
    title: 'Map',
    heading: 'Find on the map',
    description:
      'Here you will see salons around you on a map and search again after moving it with “Search this area”.',
  },
  mypage: {
    title: 'My page',
  },
  myPhotoIndex: {
    title: 'Styling history',
    heading: 'Styling history by salon',
    description: 'Your last visit to each salon and the salon’s news will be shown here.',
  },
  visitShop: {
    title: 'Visited salons',
    heading: 'Visited salons',
    description: 'The salons you have visited will be listed here.',
  },
  myFavorite: {
    title: 'Favourites',
    heading: 'Favourites',
    description: 'The styles, designers and salons you save will be collected here.',
    tabs: {
      style: 'Styles',
      designer: 'Designers',
      shop: 'Salons',
    },
  },
  historyScalp: {
    title: 'Scalp check history',
    heading: 'Scalp check history',
    description: 'Results of scalp checks done at salons will be listed here by date.',
  },
  mirror: { title: 'Smart mirror' },
  qrScanner: {
    title: 'Scan a QR code',
    heading: 'Connect with a QR code',
    description:
      'Here you will scan the QR code on a salon’s smart mirror to log in or link your data.',
  },
  myPhoto: {
    title: 'Styling photos',
    heading: 'Styling photos',
    description:
      'Photos and videos from the salon, with your memo and the salon’s memo, will appear here.',
    pickDate: 'Choose dates',
  },
  myPhotoDatepicker: {
    title: 'Choose dates',
    heading: 'Choose a period',
    description: 'Pick both a start and an end date to see records from that period only.',
  },
  myGallery: {
    title: 'Gallery',
  },
  setting: {
    title: 'Settings',
    heading: 'Account settings',
    description: 'Manage your name, email, password and phone number.',
    usageStats: {
      title: 'Usage statistics',
      label: 'Send anonymous usage statistics',
      description:
        'Only which screens were viewed and how far a booking got. Never your name, phone number or e-mail. The choice is kept in this browser.',
    },
    items: {
      changeName: 'Change name',
      changeEmail: 'Change email',
      createPassword: 'Create a password',
      changePassword: 'Change password',
      createTel: 'Add phone number',
      changeTel: 'Change phone number',
      deleteAccount: 'Delete account',
    },
  },
  changeName: {
    title: 'Change name',
    heading: 'Change name',
    description: 'Here you will change your family name and given name.',
  },
  changeEmail: {
    title: 'Change email',
    heading: 'Change email',
    description: 'Enter a new email address and we will send it a verification email.',
  },
  changeEmailSend: {
    title: 'Verification sent',
    heading: 'We sent a verification email',
    description: 'Open the link in the email sent to your new address to finish the change.',
  },
  changeEmailSendAfter: {
    title: 'Email changed',
    heading: 'Confirming your new email',
    description: 'Here the link from your verification email completes the change.',
  },
  createPassword: {
    title: 'Create a password',
    heading: 'Create a password',
    description:
      'Here members who joined with an external account create a password for email login.',
  },
  changePassword: {
    title: 'Change password',
    heading: 'Change password',
    description:
      'Here you will choose a new password of 8–12 characters with upper- and lowercase letters, digits and - _ !.',
  },
  changePasswordAfter: {
    title: 'Password changed',
    heading: 'Your password has been changed',
    description: 'For your security, please log in again with your new password.',
  },
  createTel: {
    title: 'Add phone number',
    heading: 'Add your phone number',
    description:
      'Here you will verify the phone number needed for bookings, QR login and data linking.',
  },
  changeTel: {
    title: 'Change phone number',
    heading: 'Change phone number',
    description: 'Here you will change your number after verifying a code sent to the new one.',
  },
  deleteAccount: {
    title: 'Delete account',
    heading: 'Delete account',
    description:
      'Here you will choose a reason, accept the notice and type a confirmation phrase to delete your account.',
  },
  reservationHistory: {
    title: 'Bookings',
    heading: 'Booking history',
    description:
      'Your bookings from the last two years will be shown here, as booked, cancelled and visited.',
    tabs: {
      done: 'Booked',
      cancel: 'Cancelled',
      visit: 'Visited',
    },
  },
  reservationDetail: {
    title: 'Booking details',
    heading: 'Booking details',
    description:
      'Booking number, date and time, treatments, designer, total and a cancel button will be shown here.',
  },
  reservationChange: {
    title: 'Change booking',
    heading: 'Change the time of your booking',
    description:
      'Pick a new date, designer and time for the same treatments, check the change and confirm.',
  },
  reservationFirst: {
    title: 'Date and time',
    heading: 'When would you like to come?',
    description: 'In this step you pick a date outside the salon’s days off and an available time.',
  },
  reservationSecond: {
    title: 'Designer and menu',
    heading: 'Choose a designer and treatments',
    description:
      'In this step you pick a designer and treatments, and the estimated total is added up.',
  },
  reservationCheck: {
    title: 'Review booking',
    heading: 'Please review your booking',
    description:
      'In this step you enter the booker’s name, phone and requests, accept the required consents and book.',
  },
  reservationSteps: {
    label: 'Booking steps',
    first: 'Date',
    second: 'Designer · Menu',
    check: 'Review',
  },
  company: { title: 'About us' },
  terms: { title: 'Terms of service' },
  privacy: { title: 'Privacy policy' },
  inquiry: { title: 'Contact us' },
  partnership: { title: 'Ads & partnerships' },
};
