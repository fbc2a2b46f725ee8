import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconCircleCheck, IconKey } from '@tabler/icons-react';
import { PASSWORD_MAX, PASSWORD_MIN } from '@starhold/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { PasswordField } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/account';

/** The registration's rules (auth:validation keys). */
function newPasswordError(password: string): string | undefined {
  if (password.length < PASSWORD_MIN) return 'passwordLength';
  if (password.length > PASSWORD_MAX) return 'passwordTooLong';
  if (!/\p{Lu}/u.test(password)) return 'passwordUppercase';
  return undefined;
}

/** Current password, new password twice; on success the other sessions have ended. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['profile', 'auth']);
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const currentError = current === '' ? 'required' : undefined;
  const nextError = newPasswordError(next);
  const repeatError = repeat !== next ? 'passwordMismatch' : undefined;
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
    if (currentError || nextError || repeatError) return;
    change.mutate({ current_password: current, new_password: next });
  };

  return (
    <AppModal opened={opened} onClose={close} title={t('changePassword')}>
      {change.isSuccess ? (
        <Stack>
          <Alert color="teal" icon={<IconCircleCheck size={18} />} title={t('password.doneTitle')}>
            {t('password.done', { count: change.data.ended })}
          </Alert>
          <Button onClick={close}>{t('common:close')}</Button>
        </Stack>
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
            <PasswordField
              label={t('password.new')}
              autoComplete="new-password"
              required
              value={next}
              onChange={(event) => setNext(event.currentTarget.value)}
              invalid={submitted && nextError !== undefined}
              feedback={nextError ? t(`auth:validation.${nextError}`) : undefined}
              hint={t('auth:register.passwordHint')}
            />
            <PasswordField
              label={t('auth:fields.confirm')}
              autoComplete="new-password"
              required
              value={repeat}
              onChange={(event) => setRepeat(event.currentTarget.value)}
              invalid={submitted && repeatError !== undefined}
              feedback={repeatError ? t(`auth:validation.${repeatError}`) : undefined}
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
