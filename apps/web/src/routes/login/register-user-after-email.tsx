import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { activateRegistration } from '@carol/contracts';
import { AlertIcon, MailIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { ButtonLink, Card, EmptyState } from '../../components/ui';
import { completeSignIn } from '../../features/auth/sign-in';
import { isApiError } from '../../lib/api/api-error';
import { callEndpoint } from '../../lib/api/client';
import { paths } from '../../lib/paths';

/**
 * /login/registeruserafteremail/{token} — confirms the mail link, signs in and shows the
 * sign-up-complete screen (issue 24).
 */
export default function RegisterUserAfterEmailScreen() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: (linkToken: string) => callEndpoint(activateRegistration, { token: linkToken }),
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
