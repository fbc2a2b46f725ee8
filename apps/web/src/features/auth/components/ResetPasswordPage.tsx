import { Alert, Anchor, Box, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCircleCheck, IconKey } from '@tabler/icons-react';
import { LINK_TOKEN_PATTERN } from '@starhold/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NewPasswordFields, newPasswordAccepted } from '../../../components/account-fields';
import { Logo } from '../../../components/Logo';
import { ApiError } from '../../../lib/api-client';
import { useConfirmPasswordReset } from '../api/account-links';
import { BrandPanel } from './BrandPanel';
import { ForgotPasswordModal } from './ForgotPasswordModal';
import classes from './auth.module.css';

/** /login/reset-password?token=...: the emailed link. A new password, then every session has ended. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const [forgotOpened, forgotModal] = useDisclosure(false);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const failure = confirm.error instanceof ApiError ? confirm.error.i18nKey : undefined;
  const linkBroken = !LINK_TOKEN_PATTERN.test(token) || failure === 'LINK_INVALID';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!newPasswordAccepted(password, repeat)) return;
    confirm.mutate({ token, new_password: password });
  };

  return (
    <div className={classes.page}>
      <BrandPanel />
      <Paper className={classes.card} p={{ base: 'lg', sm: 'xl' }} shadow="xl">
        <Stack gap="md">
          <Box hiddenFrom="sm" mb="xs">
            <Logo />
          </Box>
          <div>
            <Title order={2}>{t('reset.title')}</Title>
            <Text c="dimmed" size="sm">
              {t('reset.subtitle')}
            </Text>
          </div>
          {confirm.isSuccess ? (
            <>
              <Alert color="teal" icon={<IconCircleCheck size={18} />} title={t('reset.doneTitle')}>
                {t('reset.done')}
              </Alert>
              <Button component={Link} to="/login" replace>
                {t('reset.toLogin')}
              </Button>
            </>
          ) : linkBroken ? (
            <>
              <Alert color="red" role="alert" title={t('reset.brokenTitle')}>
                {t('errors:LINK_INVALID')}
              </Alert>
              <Button onClick={forgotModal.open}>{t('reset.askAgain')}</Button>
              <Anchor component={Link} to="/login" size="sm" ta="center">
                {t('reset.toLogin')}
              </Anchor>
            </>
          ) : (
            <form onSubmit={submit} noValidate aria-label={t('reset.title')}>
              <Stack gap="md">
                <NewPasswordFields
                  label={t('reset.newPassword')}
                  value={password}
                  repeat={repeat}
                  onValue={setPassword}
                  onRepeat={setRepeat}
                  submitted={submitted}
                />
                {failure && (
                  <Alert color="red" role="alert">
                    {t(`errors:${failure}`)}
                  </Alert>
                )}
                <Button
                  type="submit"
                  size="md"
                  loading={confirm.isPending}
                  leftSection={<IconKey size={18} />}
                >
                  {t('reset.submit')}
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
      <ForgotPasswordModal opened={forgotOpened} onClose={forgotModal.close} />
    </div>
  );
}
