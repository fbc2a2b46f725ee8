import { Anchor, Card, Code, Group, Stack, Text } from '@mantine/core';
import type { AdminAuditEntry } from '@starhold/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type TableColumn } from '../../../components/GenericTable';
import { appLocale, formatDateTime } from '../../../lib/format';
import { useAdminAudit } from '../api';
import { AdminTable } from './AdminTable';

const compact = (value: Record<string, unknown>): string => JSON.stringify(value);

/** The audit log: the latest entries of the whole game, or `entries` (one account's) when given. */
export function AuditTable({ entries }: { entries?: readonly AdminAuditEntry[] }) {
  const { t, i18n } = useTranslation('admin');
  const latest = useAdminAudit(50, entries === undefined);
  const rows = entries ?? latest.data;
  const columns: TableColumn<AdminAuditEntry>[] = [
    {
      key: 'at',
      header: t('audit.at'),
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(row.at, { locale: appLocale(i18n.language) })}
        </Text>
      ),
    },
    {
      key: 'who',
      header: t('audit.who'),
      render: (row) =>
        row.operator_id === null ? (
          <Text size="sm" fs="italic">
            {t('audit.commandLine')}
          </Text>
        ) : (
          row.operator_name
        ),
    },
    {
      key: 'what',
      header: t('audit.what'),
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t(`actions.${row.action}`)}
          </Text>
          {row.reason !== '' && (
            <Text size="xs" c="dimmed">
              {row.reason}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'target',
      header: t('audit.target'),
      render: (row) =>
        row.target_account_id === null ? (
          '—'
        ) : (
          <Anchor component={Link} to={`/admin/accounts/${row.target_account_id}`} size="sm">
            {row.target_name}
          </Anchor>
        ),
    },
    {
      key: 'change',
      header: t('audit.change'),
      render: (row) => (
        <Stack gap={2}>
          <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{compact(row.before)}</Code>
          <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{compact(row.after)}</Code>
        </Stack>
      ),
    },
  ];
  // Phones: one card per entry, paged like the table (nothing left out).
  const card = (row: AdminAuditEntry) => (
    <Card withBorder padding="sm">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={600}>
          {t(`actions.${row.action}`)}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(row.at, { locale: appLocale(i18n.language) })}
        </Text>
      </Group>
      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
        {row.operator_id === null ? t('audit.commandLine') : row.operator_name}
        {row.target_account_id !== null && (
          <>
            {' → '}
            <Anchor component={Link} to={`/admin/accounts/${row.target_account_id}`} size="xs">
              {row.target_name}
            </Anchor>
          </>
        )}
      </Text>
      {row.reason !== '' && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {row.reason}
        </Text>
      )}
      <Code mt={4} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {`${compact(row.before)} → ${compact(row.after)}`}
      </Code>
    </Card>
  );
  return (
    <AdminTable
      testId="admin-audit"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      loading={entries === undefined && latest.isPending}
      paginate
      pageSize={10}
      card={card}
    />
  );
}
