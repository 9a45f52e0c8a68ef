import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  AlertIcon,
  GlobeIcon,
  LockIcon,
  LogInIcon,
  MailIcon,
  PhoneIcon,
  SettingsIcon,
  UserIcon,
} from '../../components/icons';
import { LocaleSheet } from '../../components/locale-sheet';
import { MenuList } from '../../components/menu-list';
import { UsageStatsSetting } from '../../components/usage-stats-setting';
import { Page } from '../../components/page';
import { Button, Card, EmptyState } from '../../components/ui';
import { useSignOut } from '../../features/auth/api';
import { MarketingConsentSetting } from '../../features/auth/marketing-consent-setting';
import { userInfoKey, useUserInfo } from '../../features/auth/use-user-info';
import { LinkedAccounts } from '../../features/oidc/linked-accounts';
import { ReminderSettings } from '../../features/reminders/reminder-settings';
import { queryClient } from '../../lib/api/query-client';
import { paths } from '../../lib/paths';
import { logout } from '../../lib/session';
import { useCommonStore } from '../../lib/stores/common.store';

/** /mypage/setting — account settings menu; each row opens its own screen. */
export default function SettingScreen() {
  const { t } = useTranslation('screens');
  const { t: ta } = useTranslation('auth');
  const navigate = useNavigate();
  const { t: tc } = useTranslation();
  const base = '/mypage/setting';
  const user = useUserInfo().data;
  const [isLocaleOpen, setLocaleOpen] = useState(false);
  // The server ends the session and clears the HttpOnly cookie; the client state is cleared
  // either way (an already-expired session answers UNAUTHORIZED, which is still logged out).
  const signOut = useSignOut({
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
            label: user
              ? `${t('setting.items.changeName')} · ${user.family_name} ${user.given_name}`
              : t('setting.items.changeName'),
            icon: <UserIcon size={22} />,
          },
          {
            to: `${base}/changeemail`,
            label: user?.email
              ? `${t('setting.items.changeEmail')} · ${user.email}`
              : t('setting.items.changeEmail'),
            icon: <MailIcon size={22} />,
          },
          // One password row: create it when the member has none (smart mirror, identity provider).
          user && !user.has_password
            ? {
                to: `${base}/createpassword`,
                label: t('setting.items.createPassword'),
                icon: <LockIcon size={22} />,
              }
            : {
                to: `${base}/changepassword`,
                label: t('setting.items.changePassword'),
                icon: <LockIcon size={22} />,
              },
          user?.phone
            ? {
                to: `${base}/changetel`,
                label: `${t('setting.items.changeTel')} · ${user.phone}`,
                icon: <PhoneIcon size={22} />,
              }
            : {
                to: `${base}/createtel`,
                label: t('setting.items.createTel'),
                icon: <PhoneIcon size={22} />,
              },
        ]}
      />
      {user && (
        <LinkedAccounts
          identities={user.identities}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: userInfoKey })}
        />
      )}
      <ReminderSettings />
      <MarketingConsentSetting />
      <UsageStatsSetting />
      <Button variant="outline" block onClick={() => setLocaleOpen(true)}>
        <GlobeIcon size={18} />
        {tc('locale.sheetTitle')}
      </Button>
      <LocaleSheet isOpen={isLocaleOpen} onClose={() => setLocaleOpen(false)} />
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
