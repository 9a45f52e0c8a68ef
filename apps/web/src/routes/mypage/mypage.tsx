import { useTranslation } from 'react-i18next';
import {
  CalendarIcon,
  HeartIcon,
  ImageIcon,
  QrIcon,
  ScalpIcon,
  SettingsIcon,
  StoreIcon,
  UserIcon,
} from '../../components/icons';
import { MenuList } from '../../components/menu-list';
import { Page } from '../../components/page';
import { Card, EmptyState } from '../../components/ui';

/** /mypage — the member's hub: every my-page screen is one tap away. */
export default function MypageScreen() {
  const { t } = useTranslation('screens');
  return (
    <Page>
      <Card as="section" tone="elevated" padded={false}>
        <EmptyState
          icon={<UserIcon size={32} />}
          title={t('mypage.heading')}
          description={t('mypage.description')}
        />
      </Card>
      <MenuList
        label={t('mypage.menu.label')}
        items={[
          {
            to: '/mypage/myphotoindex',
            label: t('mypage.menu.history'),
            icon: <CalendarIcon size={22} />,
          },
          {
            to: '/mypage/mygallery',
            label: t('mypage.menu.gallery'),
            icon: <ImageIcon size={22} />,
          },
          {
            to: '/mypage/visitshop',
            label: t('mypage.menu.visits'),
            icon: <StoreIcon size={22} />,
          },
          {
            to: '/mypage/myfavorite/style',
            label: t('mypage.menu.favorites'),
            icon: <HeartIcon size={22} />,
          },
          {
            to: '/mypage/historyscalp',
            label: t('mypage.menu.scalp'),
            icon: <ScalpIcon size={22} />,
          },
          {
            to: '/mypage/reservation/done',
            label: t('mypage.menu.reservations'),
            icon: <CalendarIcon size={22} />,
          },
          { to: '/mypage/qrcodescanner', label: t('mypage.menu.qr'), icon: <QrIcon size={22} /> },
          {
            to: '/mypage/setting',
            label: t('mypage.menu.settings'),
            icon: <SettingsIcon size={22} />,
          },
        ]}
      />
    </Page>
  );
}
