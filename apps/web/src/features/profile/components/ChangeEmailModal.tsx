import { Button, Stack, Text } from '@mantine/core';
import { IconAt, IconMailForward } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DoneNotice, EmailField } from '../../../components/account-fields';
import { AppModal } from '../../../components/AppModal';
import { emailError } from '../../../lib/account-validation';
import { ApiError } from '../../../lib/api-client';
import { useRequestEmailChange } from '../api/account';
import { CurrentPasswordField, FormEnd } from './form-parts';

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
            <CurrentPasswordField
              label={t('auth:fields.password')}
              value={password}
              onValue={setPassword}
              submitted={submitted}
              serverError={fieldFailure('password')}
            />
            <FormEnd failure={failure && !failure.fields ? failure.i18nKey : undefined} onCancel={close}>
              <Button type="submit" loading={request.isPending} leftSection={<IconAt size={16} />}>
                {t('email.submit')}
              </Button>
            </FormEnd>
          </Stack>
        </form>
      )}
    </AppModal>
  );
}
