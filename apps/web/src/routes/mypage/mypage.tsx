import { Page } from '../../components/page';
import { useMypageSummary } from '../../features/mypage/api';
import { CustomerCentre, Shortcuts } from '../../features/mypage/mypage-menus';
import { NextBookingSection, ProfileCard } from '../../features/mypage/mypage-summary';

/**
 * /mypage — the member's own page (ADR 027): name and greeting, favourites and gallery counts,
 * the next reservation (or a way to find a salon), shortcuts to every my-page screen and the
 * customer centre.
 */
export default function MypageScreen() {
  const summary = useMypageSummary();
  return (
    <Page>
      <ProfileCard summary={summary} />
      <NextBookingSection summary={summary} />
      <Shortcuts />
      <CustomerCentre />
    </Page>
  );
}
