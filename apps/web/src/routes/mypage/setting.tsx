import { useTranslation } from 'react-i18next';
import {
  AlertIcon,
  LockIcon,
  MailIcon,
  PhoneIcon,
  SettingsIcon,
  UserIcon,
} from '../../components/icons';
import { MenuList } from '../../components/menu-list';
import { Page } from '../../components/page';
import { Card, EmptyState } from '../../components/ui';

/** /mypage/setting — account settings menu; each row opens its own screen. */
export default function SettingScreen() {
  const { t } = useTranslation('screens');
  const base = '/mypage/setting';
  return (
    <Page>
      <Card as="section" tone="elevated" padded={false}>
        <EmptyState
          icon={<SettingsIcon size={32} />}
          title={t('setting.heading')}
          description={t('setting.description')}
        />
      </Card>
      <MenuList
        label={t('setting.title')}
        items={[
          {
            to: `${base}/changename`,
            label: t('setting.items.changeName'),
            icon: <UserIcon size={22} />,
          },
          {
            to: `${base}/changeemail`,
            label: t('setting.items.changeEmail'),
            icon: <MailIcon size={22} />,
          },
          {
            to: `${base}/createpassword`,
            label: t('setting.items.createPassword'),
            icon: <LockIcon size={22} />,
          },
          {
            to: `${base}/changepassword`,
            label: t('setting.items.changePassword'),
            icon: <LockIcon size={22} />,
          },
          {
            to: `${base}/createtel`,
            label: t('setting.items.createTel'),
            icon: <PhoneIcon size={22} />,
          },
          {
            to: `${base}/changetel`,
            label: t('setting.items.changeTel'),
            icon: <PhoneIcon size={22} />,
          },
        ]}
      />
      <MenuList
        label={t('setting.items.deleteAccount')}
        items={[
          {
            to: `${base}/deleteAccount`,
            label: t('setting.items.deleteAccount'),
            icon: <AlertIcon size={22} />,
            isDanger: true,
          },
        ]}
      />
    </Page>
  );
}
