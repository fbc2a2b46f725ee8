import { Button, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DoneNotice, NewPasswordFields, newPasswordAccepted } from '../../../components/account-fields';
import { AppModal } from '../../../components/AppModal';
import { ApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/account';
import { CurrentPasswordField, FormEnd } from './form-parts';

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
            <CurrentPasswordField
              label={t('password.current')}
              value={current}
              onValue={setCurrent}
              submitted={submitted}
              serverError={wrongCurrent ? 'WRONG_PASSWORD' : undefined}
              autoFocus
            />
            <NewPasswordFields
              label={t('password.new')}
              value={next}
              repeat={repeat}
              onValue={setNext}
              onRepeat={setRepeat}
              submitted={submitted}
            />
            <FormEnd failure={failure && !wrongCurrent ? failure.i18nKey : undefined} onCancel={close}>
              <Button type="submit" loading={change.isPending} leftSection={<IconKey size={16} />}>
                {t('password.submit')}
              </Button>
            </FormEnd>
          </Stack>
        </form>
      )}
    </AppModal>
  );
}
