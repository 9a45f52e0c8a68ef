import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AlertIcon, MailIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { ButtonLink, Card, EmptyState } from '../../components/ui';
import { useActivateRegistration } from '../../features/auth/api';
import { completeSignIn } from '../../features/auth/sign-in';
import { isApiError } from '../../lib/api/api-error';
import { paths } from '../../lib/paths';

/**
 * /login/registeruserafteremail/{token} — confirms the mail link, signs in and shows the
 * sign-up-complete screen.
 */
export default function RegisterUserAfterEmailScreen() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const mutation = useActivateRegistration({
    onSuccess: (member) => {
      completeSignIn(member);
      void navigate(paths.signUpWelcome, { replace: true });
    },
  });
  // The link works once: never send it twice (React StrictMode runs effects twice in dev).
  const sent = useRef(false);
  const { mutate } = mutation;
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(token);
  }, [mutate, token]);

  if (mutation.isError) {
    return (
      <Page>
        <Card as="section" tone="elevated" padded={false}>
          <EmptyState
            icon={<AlertIcon size={32} />}
            title={t('activate.failureTitle')}
            description={
              isApiError(mutation.error) ? mutation.error.resMessage : tc('errorBoundary.body')
            }
          />
        </Card>
        <ButtonLink to="/login/registeruser" size="md">
          {t('activate.again')}
        </ButtonLink>
      </Page>
    );
  }
  return (
    <Page>
      <Card as="section" tone="elevated" padded={false}>
        <EmptyState icon={<MailIcon size={32} />} title={t('activate.working')} />
      </Card>
    </Page>
  );
}
