import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAt, IconMailForward } from '@tabler/icons-react';
import { EMAIL_MAX } from '@starhold/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { PasswordField, TextField } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { useRequestEmailChange } from '../api/account';

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** New address and password; the change happens when the link sent to the new address is followed. */
export function ChangeEmailModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['profile', 'auth']);
  const request = useRequestEmailChange();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const trimmed = email.trim();
  const emailError = !trimmed
    ? 'required'
    : trimmed.length > EMAIL_MAX
      ? 'emailTooLong'
      : EMAIL_FORMAT.test(trimmed)
        ? undefined
        : 'email';
  const failure = request.error instanceof ApiError ? request.error : undefined;
  const fieldFailure = (field: string) => failure?.fields?.[field];

  const close = () => {
    request.reset();
    setEmail('');
    setPassword('');
    setSubmitted(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (emailError || password === '') return;
    request.mutate({ new_email: trimmed, password });
  };

  return (
    <AppModal opened={opened} onClose={close} title={t('email.title')}>
      {request.isSuccess ? (
        <Stack>
          <Alert color="teal" icon={<IconMailForward size={18} />} title={t('email.sentTitle')}>
            {t('email.sent', { email: trimmed })}
          </Alert>
          <Button onClick={close}>{t('common:close')}</Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('email.title')}>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('email.intro')}
            </Text>
            <TextField
              label={t('email.new')}
              type="email"
              autoComplete="email"
              required
              data-autofocus
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              invalid={(submitted && emailError !== undefined) || fieldFailure('new_email') !== undefined}
              feedback={
                fieldFailure('new_email')
                  ? t(`errors:${fieldFailure('new_email')}`)
                  : emailError
                    ? t(`auth:validation.${emailError}`)
                    : undefined
              }
            />
            <PasswordField
              label={t('auth:fields.password')}
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              invalid={(submitted && password === '') || fieldFailure('password') !== undefined}
              feedback={
                fieldFailure('password')
                  ? t(`errors:${fieldFailure('password')}`)
                  : t('auth:validation.required')
              }
            />
            {failure && !failure.fields && (
              <Alert color="red" role="alert">
                {t(`errors:${failure.i18nKey}`)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={request.isPending} leftSection={<IconAt size={16} />}>
                {t('email.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AppModal>
  );
}
