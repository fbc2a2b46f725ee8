import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DoneNotice, NewPasswordFields, newPasswordAccepted } from '../../../components/account-fields';
import { AppModal } from '../../../components/AppModal';
import { PasswordField } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/account';

/** Current password, new password twice; on success the other sessions have ended. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['profile', 'auth']);
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const currentError = current === '' ? 'required' : undefined;
  const failure = change.error instanceof ApiError ? change.error : undefined;
  const wrongCurrent = failure?.fields?.current_password === 'WRONG_PASSWORD';

  const close = () => {
    change.reset();
    setCurrent('');
    setNext('');
    setRepeat('');
    setSubmitted(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (currentError || !newPasswordAccepted(next, repeat)) return;
    change.mutate({ current_password: current, new_password: next });
  };

  return (
    <AppModal opened={opened} onClose={close} title={t('changePassword')}>
      {change.isSuccess ? (
        <DoneNotice title={t('password.doneTitle')} onClose={close}>
          {t('password.done', { count: change.data.ended })}
        </DoneNotice>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('changePassword')}>
          <Stack>
            <PasswordField
              label={t('password.current')}
              autoComplete="current-password"
              required
              data-autofocus
              value={current}
              onChange={(event) => setCurrent(event.currentTarget.value)}
              invalid={(submitted && currentError !== undefined) || wrongCurrent}
              feedback={wrongCurrent ? t('errors:WRONG_PASSWORD') : t('auth:validation.required')}
            />
            <NewPasswordFields
              label={t('password.new')}
              value={next}
              repeat={repeat}
              onValue={setNext}
              onRepeat={setRepeat}
              submitted={submitted}
            />
            {failure && !wrongCurrent && (
              <Alert color="red" role="alert">
                {t(`errors:${failure.i18nKey}`)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={change.isPending} leftSection={<IconKey size={16} />}>
                {t('password.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AppModal>
  );
}
