import { Alert, Button, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { emailError, newPasswordError } from '../lib/account-validation';
import { PasswordField, TextField } from './fields';

/**
 * The account forms' shared blocks: an email field ("forgot password", "change email"), a new
 * password typed twice (reset, change) and the notice that replaces a form once it is done.
 */

/** An email address with the registration's checks; `serverError` (an errors: key) wins. */
export function EmailField({
  label,
  value,
  onValue,
  submitted,
  serverError,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** Errors show once the form was submitted. */
  submitted: boolean;
  serverError?: string;
}) {
  const { t } = useTranslation('auth');
  const error = emailError(value);
  return (
    <TextField
      label={label}
      type="email"
      autoComplete="email"
      required
      data-autofocus
      value={value}
      onChange={(event) => onValue(event.currentTarget.value)}
      invalid={(submitted && error !== undefined) || serverError !== undefined}
      feedback={serverError ? t(`errors:${serverError}`) : error ? t(`validation.${error}`) : undefined}
    />
  );
}

/** Whether a new password and its repetition can be sent. */
export function newPasswordAccepted(password: string, repeat: string): boolean {
  return newPasswordError(password) === undefined && repeat === password;
}

/** A new password (the registration's rules, with its hint) and its confirmation. */
export function NewPasswordFields({
  label,
  value,
  repeat,
  onValue,
  onRepeat,
  submitted,
}: {
  label: string;
  value: string;
  repeat: string;
  onValue: (value: string) => void;
  onRepeat: (value: string) => void;
  submitted: boolean;
}) {
  const { t } = useTranslation('auth');
  const error = newPasswordError(value);
  const mismatch = repeat !== value;
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        required
        value={value}
        onChange={(event) => onValue(event.currentTarget.value)}
        invalid={submitted && error !== undefined}
        feedback={error ? t(`validation.${error}`) : undefined}
        hint={t('register.passwordHint')}
      />
      <PasswordField
        label={t('fields.confirm')}
        autoComplete="new-password"
        required
        value={repeat}
        onChange={(event) => onRepeat(event.currentTarget.value)}
        invalid={submitted && mismatch}
        feedback={mismatch ? t('validation.passwordMismatch') : undefined}
      />
    </>
  );
}

/**
 * What replaces a modal's form once it is done: a green notice and a close button, which takes
 * the focus (the submit button that had it is gone).
 */
export function DoneNotice({
  title,
  icon = <IconCircleCheck size={18} />,
  onClose,
  children,
}: {
  title: string;
  icon?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <Stack>
      <Alert color="teal" icon={icon} title={title}>
        {children}
      </Alert>
      <Button ref={close} onClick={onClose}>
        {t('close')}
      </Button>
    </Stack>
  );
}
