import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/fields';

/**
 * The profile modals' shared blocks (change email, change password, delete the account): the
 * current password asked again, and the form's end (a refusal not tied to a field, Cancel, the
 * modal's own submit button).
 */

/** The current password; `serverError` (an errors: key such as WRONG_PASSWORD) shows under it. */
export function CurrentPasswordField({
  label,
  value,
  onValue,
  submitted,
  serverError,
  autoFocus = false,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  submitted: boolean;
  serverError?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <PasswordField
      label={label}
      autoComplete="current-password"
      required
      data-autofocus={autoFocus || undefined}
      value={value}
      onChange={(event) => onValue(event.currentTarget.value)}
      invalid={(submitted && value === '') || serverError !== undefined}
      feedback={serverError ? t(`errors:${serverError}`) : t('validation.required')}
    />
  );
}

/** A refusal no field shows (an errors: key), then Cancel and the submit button (`children`). */
export function FormEnd({
  failure,
  onCancel,
  children,
}: {
  failure?: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('profile');
  return (
    <>
      {failure && (
        <Alert color="red" role="alert">
          {t(`errors:${failure}`)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('cancel')}
        </Button>
        {children}
      </Group>
    </>
  );
}
