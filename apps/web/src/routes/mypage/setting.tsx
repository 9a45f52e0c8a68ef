import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout as logoutEndpoint } from '@carol/contracts';
import {
  AlertIcon,
  LockIcon,
  LogInIcon,
  MailIcon,
  PhoneIcon,
  SettingsIcon,
  UserIcon,
} from '../../components/icons';
import { MenuList } from '../../components/menu-list';
import { Page } from '../../components/page';
import { Button, Card, EmptyState } from '../../components/ui';
import { callEndpoint } from '../../lib/api/client';
import { paths } from '../../lib/paths';
import { logout } from '../../lib/session';
import { useCommonStore } from '../../lib/stores/common.store';

/** /mypage/setting — account settings menu; each row opens its own screen. */
export default function SettingScreen() {
  const { t } = useTranslation('screens');
  const { t: ta } = useTranslation('auth');
  const navigate = useNavigate();
  const base = '/mypage/setting';
  // The server ends the session and clears the HttpOnly cookie; the client state is cleared
  // either way (an already-expired session answers UNAUTHORIZED, which is still logged out).
  const signOut = useMutation({
    mutationFn: () => callEndpoint(logoutEndpoint, {}),
    onSettled: () => {
      logout();
      useCommonStore.getState().showToast(ta('logout.done'));
      void navigate(paths.home, { replace: true });
    },
  });
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
      <Button variant="outline" block isBusy={signOut.isPending} onClick={() => signOut.mutate()}>
        <LogInIcon size={18} />
        {ta('logout.action')}
      </Button>
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
