import { Alert, Box, Button, Paper, Stack, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { LINK_TOKEN_PATTERN } from '@starhold/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Logo } from '../../../components/Logo';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useConfirmEmailChange } from '../api/account-links';
import { BrandPanel } from './BrandPanel';
import classes from './auth.module.css';

/** /login/confirm-email?token=...: the link sent to the new address; following it changes the email. */
export function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = LINK_TOKEN_PATTERN.test(token);
  const confirm = useConfirmEmailChange();
  const queryClient = useQueryClient();
  const sent = useRef(false);

  useEffect(() => {
    if (!valid || sent.current) return;
    sent.current = true;
    confirm.mutate(token, {
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    });
  }, [confirm, queryClient, token, valid]);

  const failure = !valid
    ? 'LINK_INVALID'
    : confirm.error instanceof ApiError
      ? confirm.error.i18nKey
      : undefined;

  return (
    <div className={classes.page}>
      <BrandPanel />
      <Paper className={classes.card} p={{ base: 'lg', sm: 'xl' }} shadow="xl">
        <Stack gap="md">
          <Box hiddenFrom="sm" mb="xs">
            <Logo />
          </Box>
          <Title order={2}>{t('confirmEmail.title')}</Title>
          {failure ? (
            <Alert color="red" role="alert" title={t('confirmEmail.failedTitle')}>
              {t(`errors:${failure}`)}
            </Alert>
          ) : confirm.isSuccess ? (
            <Alert color="teal" icon={<IconCircleCheck size={18} />} title={t('confirmEmail.doneTitle')}>
              {t('confirmEmail.done')}
            </Alert>
          ) : (
            <Spinner centered />
          )}
          <Button component={Link} to="/" variant={failure ? 'default' : 'filled'}>
            {t('confirmEmail.toGame')}
          </Button>
        </Stack>
      </Paper>
    </div>
  );
}
