import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DoneNotice, EmailField } from '../../../components/account-fields';
import { AppModal } from '../../../components/AppModal';
import { emailError } from '../../../lib/account-validation';
import { ApiError } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/account-links';

/** "Forgot password": asks for the email; the answer is the same whether it has an account or not. */
export function ForgotPasswordModal({
  opened,
  onClose,
  initialEmail = '',
}: {
  opened: boolean;
  onClose: () => void;
  initialEmail?: string;
}) {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState(initialEmail);
  const [submitted, setSubmitted] = useState(false);
  const trimmed = email.trim();
  const error = emailError(email);

  const close = () => {
    request.reset();
    setSubmitted(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (error) return;
    request.mutate(trimmed);
  };
  const failure = request.error instanceof ApiError ? request.error.i18nKey : undefined;

  return (
    <AppModal opened={opened} onClose={close} title={t('forgot.title')}>
      {request.isSuccess ? (
        <DoneNotice title={t('forgot.sentTitle')} icon={<IconMailForward size={18} />} onClose={close}>
          {t('forgot.sent', { email: trimmed })}
        </DoneNotice>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('forgot.title')}>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('forgot.intro')}
            </Text>
            <EmailField label={t('fields.email')} value={email} onValue={setEmail} submitted={submitted} />
            {failure && (
              <Alert color="red" role="alert">
                {t(`errors:${failure}`)}
              </Alert>
            )}
            <Button type="submit" loading={request.isPending} leftSection={<IconMailForward size={18} />}>
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AppModal>
  );
}
