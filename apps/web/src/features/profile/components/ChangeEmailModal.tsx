import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAt, IconMailForward } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DoneNotice, EmailField } from '../../../components/account-fields';
import { AppModal } from '../../../components/AppModal';
import { PasswordField } from '../../../components/fields';
import { emailError } from '../../../lib/account-validation';
import { ApiError } from '../../../lib/api-client';
import { useRequestEmailChange } from '../api/account';

/** New address and password; the change happens when the link sent to the new address is followed. */
export function ChangeEmailModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['profile', 'auth']);
  const request = useRequestEmailChange();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const trimmed = email.trim();
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
    if (emailError(email) || password === '') return;
    request.mutate({ new_email: trimmed, password });
  };

  return (
    <AppModal opened={opened} onClose={close} title={t('email.title')}>
      {request.isSuccess ? (
        <DoneNotice title={t('email.sentTitle')} icon={<IconMailForward size={18} />} onClose={close}>
          {t('email.sent', { email: trimmed })}
        </DoneNotice>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('email.title')}>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('email.intro')}
            </Text>
            <EmailField
              label={t('email.new')}
              value={email}
              onValue={setEmail}
              submitted={submitted}
              serverError={fieldFailure('new_email')}
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
