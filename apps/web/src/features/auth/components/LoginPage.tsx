import { Anchor, Box, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin2 } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PasswordField, TextField } from '../../../components/fields';
import { Logo } from '../../../components/Logo';
import { BrandPanel } from './BrandPanel';
import { useLogin } from '../api/login';
import { ForgotPasswordModal } from './ForgotPasswordModal';
import { RegisterModal } from './RegisterModal';
import classes from './auth.module.css';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const login = useLogin();
  const [registerOpened, registerModal] = useDisclosure(false);
  const [forgotOpened, forgotModal] = useDisclosure(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const emailMissing = email.trim() === '';
  const passwordMissing = password === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (emailMissing || passwordMissing) return;
    login.mutate(
      { email: email.trim(), password, remember_me: rememberMe },
      { onSuccess: () => void navigate('/', { replace: true }) },
    );
  };

  return (
    <div className={classes.page}>
      <BrandPanel />
      <Paper className={classes.card} p={{ base: 'lg', sm: 'xl' }} shadow="xl">
        <form onSubmit={submit} noValidate aria-label={t('login.title')}>
          <Stack gap="md">
            <Box hiddenFrom="sm" mb="xs">
              <Logo />
            </Box>
            <div>
              <Title order={2}>{t('login.title')}</Title>
              <Text c="dimmed" size="sm">
                {t('login.subtitle')}
              </Text>
            </div>
            <TextField
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              invalid={submitted && emailMissing}
              feedback={t('validation.required')}
            />
            <PasswordField
              label={t('fields.password')}
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              invalid={submitted && passwordMissing}
              feedback={t('validation.required')}
            />
            <Group justify="space-between">
              <Checkbox
                label={t('login.rememberMe')}
                checked={rememberMe}
                onChange={(event) => setRememberMe(event.currentTarget.checked)}
              />
              <Anchor component="button" type="button" size="sm" onClick={forgotModal.open}>
                {t('login.forgotPassword')}
              </Anchor>
            </Group>
            <Button
              type="submit"
              fullWidth
              size="md"
              loading={login.isPending}
              leftSection={<IconLogin2 size={18} />}
            >
              {t('login.submit')}
            </Button>
            <Text size="sm" ta="center" c="dimmed">
              {t('login.noAccount')}{' '}
              <Anchor component="button" type="button" size="sm" onClick={registerModal.open}>
                {t('login.signUp')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
      <RegisterModal opened={registerOpened} onClose={registerModal.close} />
      {forgotOpened && <ForgotPasswordModal opened onClose={forgotModal.close} initialEmail={email.trim()} />}
    </div>
  );
}
