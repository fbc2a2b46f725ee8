import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldValue } from '../model/setup';

/**
 * A whole-number input. Out-of-range values stay as typed (no clamping on blur) so the field can
 * say what is wrong instead of silently changing the number.
 */
export function NumberField({
  value,
  onValue,
  error,
  ...props
}: Omit<NumberInputProps, 'value' | 'onChange' | 'error'> & {
  value: FieldValue | undefined;
  onValue: (value: FieldValue) => void;
  error?: string;
}) {
  const { i18n } = useTranslation();
  return (
    <NumberInput
      value={value ?? ''}
      onChange={onValue}
      error={error}
      aria-invalid={error ? true : undefined}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      hideControls
      thousandSeparator={i18n.language.startsWith('en') ? ',' : ' '}
      inputMode="numeric"
      {...props}
    />
  );
}
