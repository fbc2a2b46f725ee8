import { Anchor, Button, Checkbox, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AppModal } from '../../../components/AppModal';
import { PasswordField, TextField } from '../../../components/fields';
import { useRegister } from '../api/register';
import {
  canSubmitRegistration,
  EMPTY_REGISTRATION,
  validateRegistration,
  type RegistrationField,
  type RegistrationForm,
} from '../model/registration';
import { RaceSelect } from './RaceSelect';

export function RegisterModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const registration = useRegister();
  const [form, setForm] = useState<RegistrationForm>(EMPTY_REGISTRATION);
  const [touched, setTouched] = useState<Partial<Record<RegistrationField, boolean>>>({});
  const errors = validateRegistration(form);

  const set = <K extends keyof RegistrationForm>(field: K, value: RegistrationForm[K]) =>
    setForm((current) => ({ ...current, [field]: value }));
  const touch = (field: RegistrationField) => setTouched((current) => ({ ...current, [field]: true }));
  // Messages appear once a field has been left, and the confirmation as soon as it is typed.
  const feedback = (field: RegistrationField) => {
    const shown = touched[field] || (field === 'confirm' && form.confirm.length > 0);
    const key = errors[field];
    return shown && key ? t(`validation.${key}`) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitRegistration(form)) return;
    registration.mutate(
      {
        email: form.email.trim(),
        username: form.username,
        password: form.password,
        race_id: Number(form.raceId) as 1 | 2,
      },
      { onSuccess: () => void navigate('/', { replace: true }) },
    );
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={t('register.title')} size="md">
      <form onSubmit={submit} noValidate aria-label={t('register.title')}>
        <Stack gap="sm">
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            onBlur={() => touch('email')}
            invalid={Boolean(feedback('email'))}
            feedback={feedback('email')}
          />
          <TextField
            label={t('fields.username')}
            autoComplete="username"
            required
            value={form.username}
            onChange={(event) => set('username', event.currentTarget.value)}
            onBlur={() => touch('username')}
            invalid={Boolean(feedback('username'))}
            feedback={feedback('username')}
            hint={t('register.usernameHint')}
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="new-password"
            required
            value={form.password}
            onChange={(event) => set('password', event.currentTarget.value)}
            onBlur={() => touch('password')}
            invalid={Boolean(feedback('password'))}
            feedback={feedback('password')}
            hint={t('register.passwordHint')}
          />
          <PasswordField
            label={t('fields.confirm')}
            autoComplete="new-password"
            required
            value={form.confirm}
            onChange={(event) => set('confirm', event.currentTarget.value)}
            onBlur={() => touch('confirm')}
            invalid={Boolean(feedback('confirm'))}
            feedback={feedback('confirm')}
          />
          <RaceSelect
            value={form.raceId}
            onChange={(raceId) => set('raceId', raceId)}
            onBlur={() => touch('raceId')}
            feedback={feedback('raceId')}
          />
          <Checkbox
            checked={form.terms}
            onChange={(event) => set('terms', event.currentTarget.checked)}
            label={
              <Text size="sm" span>
                <Trans
                  t={t}
                  i18nKey="register.terms"
                  components={{
                    terms: <Anchor component={Link} to="/login/terms" target="_blank" size="sm" />,
                  }}
                />
              </Text>
            }
          />
          <Button
            type="submit"
            fullWidth
            mt="xs"
            disabled={!canSubmitRegistration(form)}
            loading={registration.isPending}
          >
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
    </AppModal>
  );
}
