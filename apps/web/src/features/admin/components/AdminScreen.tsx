import { Alert, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMe } from '../../../api/me';
import { AccountDetail } from './AccountDetail';
import { AccountSearch } from './AccountSearch';

/**
 * /admin and /admin/accounts/:id: the operators' console. Players reaching the address see a
 * refusal (the API answers them 403 anyway; decision 220).
 */
export function AdminScreen() {
  const { t } = useTranslation('admin');
  const me = useMe();
  const { id } = useParams();
  if (me.data === undefined) return null;
  if (me.data.operator !== true) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Alert color="red" icon={<IconLock />} data-testid="admin-forbidden">
          {t('forbidden')}
        </Alert>
      </Stack>
    );
  }
  const accountId = id === undefined ? null : Number(id);
  return accountId !== null && Number.isInteger(accountId) && accountId > 0 ? (
    <AccountDetail id={accountId} />
  ) : (
    <AccountSearch />
  );
}
