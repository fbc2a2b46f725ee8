import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { AdminAccountRow } from '@starhold/contract';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type TableColumn } from '../../../components/GenericTable';
import { RaceBadge } from '../../../components/RaceBadge';
import { abbreviateNumber, appLocale, formatDateTime } from '../../../lib/format';
import { ADMIN_PAGE_SIZE, useAdminAccounts, type SuspendedFilter } from '../api';
import { AdminTable } from './AdminTable';
import { AuditTable } from './AuditTable';
import { StatusBadge } from './StatusBadge';

export function AccountSearch() {
  const { t, i18n } = useTranslation('admin');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [filter, setFilter] = useState<SuspendedFilter>('all');
  const [page, setPage] = useState(1);
  const accounts = useAdminAccounts(q, filter, page);
  const total = accounts.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const locale = appLocale(i18n.language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
    setPage(1);
  };

  const columns: TableColumn<AdminAccountRow>[] = [
    {
      key: 'username',
      header: t('columns.account'),
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <Anchor component={Link} to={`/admin/accounts/${row.id}`} fw={600} style={{ whiteSpace: 'nowrap' }}>
            {row.username}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {row.email}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'race',
      header: t('columns.race'),
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          <RaceBadge raceId={row.race.id} size="xs" />
          {row.operator && (
            <Badge size="xs" color="violet" variant="filled">
              {t('operator')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'points',
      header: t('columns.points'),
      align: 'right',
      render: (row) => <Text ff="monospace">{abbreviateNumber(row.total_points)}</Text>,
    },
    {
      key: 'last_visit',
      header: t('columns.lastVisit'),
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {row.last_visit === null ? t('never') : formatDateTime(row.last_visit, { locale })}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      render: (row) => <StatusBadge suspendedAt={row.suspended_at} />,
    },
  ];

  // Phones: one card per account, every column in it.
  const card = (row: AdminAccountRow) => (
    <Card withBorder padding="sm">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Anchor component={Link} to={`/admin/accounts/${row.id}`} fw={600} style={{ wordBreak: 'break-all' }}>
          {row.username}
        </Anchor>
        <StatusBadge suspendedAt={row.suspended_at} />
      </Group>
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
        {row.email}
      </Text>
      <Group gap={6} mt={6}>
        <RaceBadge raceId={row.race.id} size="xs" />
        {row.operator && (
          <Badge size="xs" color="violet" variant="filled">
            {t('operator')}
          </Badge>
        )}
        <Text size="xs">
          {t('columns.points')} {abbreviateNumber(row.total_points)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('columns.lastVisit')}{' '}
          {row.last_visit === null ? t('never') : formatDateTime(row.last_visit, { locale })}
        </Text>
      </Group>
    </Card>
  );

  return (
    <Stack gap="lg" data-testid="admin-search">
      <div>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('subtitle')}
        </Text>
      </div>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <form onSubmit={submit}>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                style={{ flex: '1 1 220px' }}
                label={t('search.label')}
                placeholder={t('search.placeholder')}
                value={typed}
                maxLength={100}
                onChange={(event) => setTyped(event.currentTarget.value)}
                leftSection={<IconSearch size={16} />}
              />
              <Button type="submit">{t('search.submit')}</Button>
            </Group>
          </form>
          <SegmentedControl
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
            data={[
              { value: 'all', label: t('filter.all') },
              { value: 'active', label: t('filter.active') },
              { value: 'suspended', label: t('filter.suspended') },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
          <Text size="sm" c="dimmed" data-testid="admin-total">
            {t('found', { count: total })}
          </Text>
          <AdminTable
            columns={columns}
            rows={accounts.data?.rows}
            rowKey={(row) => row.id}
            loading={accounts.isPending}
            card={card}
          />
          {pages > 1 && (
            <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" />
          )}
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          {t('audit.title')}
        </Title>
        <AuditTable />
      </Card>
    </Stack>
  );
}
