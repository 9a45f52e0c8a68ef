import { errors } from './errors.js';
import { common } from './common.js';
import { nav } from './nav.js';
import { home } from './home.js';
import { footer } from './footer.js';
import { legal } from './legal.js';
import { screens } from './screens.js';
import { support } from './support.js';
import { mail } from './mail.js';
import { auth } from './auth.js';
import { oidc } from './oidc.js';
import { phone } from './phone.js';
import { search } from './search.js';
import { shops } from './shops.js';
import { favorites } from './favorites.js';
import { reviews } from './reviews.js';
import { qr } from './qr.js';
import { coord } from './coord.js';
import { map } from './map.js';
import { stylebook } from './stylebook.js';
import { booking } from './booking.js';
import { simulation } from './simulation.js';
import { mypage } from './mypage.js';
import { signup } from './signup.js';
import { seo } from './seo.js';
import { history } from './history.js';
import { records } from './records.js';
import { reminders } from './reminders.js';
import { waitlist } from './waitlist.js';

export const ko = {
  errors,
  common,
  nav,
  home,
  footer,
  legal,
  screens,
  support,
  mail,
  auth,
  oidc,
  phone,
  search,
  shops,
  favorites,
  reviews,
  qr,
  coord,
  map,
  stylebook,
  booking,
  simulation,
  mypage,
  signup,
  seo,
  history,
  records,
  reminders,
  waitlist,
};
