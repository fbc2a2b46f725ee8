import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { EMAIL_MAX } from '@starhold/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { TextField } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/account-links';

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  const error = !trimmed
    ? 'required'
    : trimmed.length > EMAIL_MAX
      ? 'emailTooLong'
      : EMAIL_FORMAT.test(trimmed)
        ? undefined
        : 'email';

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
        <Stack>
          <Alert color="teal" icon={<IconMailForward size={18} />} title={t('forgot.sentTitle')}>
            {t('forgot.sent', { email: trimmed })}
          </Alert>
          <Button onClick={close}>{t('common:close')}</Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('forgot.title')}>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('forgot.intro')}
            </Text>
            <TextField
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              required
              data-autofocus
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              invalid={submitted && error !== undefined}
              feedback={error ? t(`validation.${error}`) : undefined}
            />
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
