import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Invalid flag, feedback message and hint, shared by every form input (SPEC 2). */
export interface FieldState {
  invalid?: boolean;
  /** Shown under the input when invalid. */
  feedback?: string;
  hint?: string;
}

function stateProps({ invalid, feedback, hint }: FieldState) {
  return {
    error: invalid ? feedback || true : undefined,
    description: hint,
    'aria-invalid': invalid || undefined,
  };
}

export function TextField({
  invalid,
  feedback,
  hint,
  ...props
}: Omit<TextInputProps, 'error' | 'description'> & FieldState) {
  return <TextInput {...stateProps({ invalid, feedback, hint })} {...props} />;
}

/** A password input with a show/hide toggle. */
export function PasswordField({
  invalid,
  feedback,
  hint,
  ...props
}: Omit<PasswordInputProps, 'error' | 'description'> & FieldState) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      {...stateProps({ invalid, feedback, hint })}
      visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
      {...props}
    />
  );
}
