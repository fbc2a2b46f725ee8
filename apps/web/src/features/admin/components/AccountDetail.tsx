import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AdminAccountDetail } from '@starhold/contract';
import { IconArrowLeft, IconCoin, IconLockOpen, IconUserOff } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type TableColumn } from '../../../components/GenericTable';
import { RaceBadge } from '../../../components/RaceBadge';
import { emailTexts } from '../../../lib/email-texts';
import { abbreviateNumber, appLocale, formatDateTime, formatInteger } from '../../../lib/format';
import { useAdminAccount } from '../api';
import { ActionModal, type PendingAction } from './ActionModal';
import { AdminTable } from './AdminTable';
import { AuditTable } from './AuditTable';
import { StatusBadge } from './StatusBadge';

type Detail = AdminAccountDetail;

function Section({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Group gap="xs" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {count !== undefined && (
          <Badge variant="light" color="gray">
            {count}
          </Badge>
        )}
      </Group>
      {children}
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
    </div>
  );
}

export function AccountDetail({ id }: { id: number }) {
  const { t, i18n } = useTranslation('admin');
  const { t: tf } = useTranslation('fleets');
  const { t: te } = useTranslation('emails');
  const locale = appLocale(i18n.language);
  const detail = useAdminAccount(id);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const date = (value: string | null) => (value === null ? t('never') : formatDateTime(value, { locale }));

  if (detail.data === undefined) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {detail.isError ? t('loadError') : t('loading')}
      </Text>
    );
  }
  const { account, planets, fleets, queues, emails, sessions, audit } = detail.data;
  const username = account.username;

  const planetColumns: TableColumn<Detail['planets'][number]>[] = [
    { key: 'name', header: t('planets.name'), render: (row) => `${row.index + 1}. ${row.name}` },
    {
      key: 'place',
      header: t('planets.place'),
      render: (row) => (
        <Anchor component={Link} to={`/systems/${row.system_id}`} size="sm">
          {t('planets.placeValue', { system: row.system_id, orbit: row.orbit + 1 })}
        </Anchor>
      ),
    },
    {
      key: 'resources',
      header: t('planets.resources'),
      render: (row) => (
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {abbreviateNumber(row.metal)} / {abbreviateNumber(row.crystal)} / {abbreviateNumber(row.fuel)}
        </Text>
      ),
    },
    {
      key: 'ships',
      header: t('planets.ships'),
      align: 'right',
      render: (row) => formatInteger(row.ships, locale),
    },
    { key: 'visit', header: t('columns.lastVisit'), render: (row) => date(row.last_visit) },
  ];

  const fleetColumns: TableColumn<Detail['fleets'][number]>[] = [
    { key: 'id', header: '#', render: (row) => row.id },
    { key: 'mission', header: t('fleets.mission'), render: (row) => tf(`missions.${row.mission}`) },
    {
      key: 'state',
      header: t('fleets.state'),
      render: (row) => (
        <Badge variant="light" color={row.state === 'outbound' ? 'blue' : 'gray'}>
          {t(`fleets.${row.state}`)}
        </Badge>
      ),
    },
    {
      key: 'target',
      header: t('fleets.target'),
      render: (row) => t('planets.placeValue', { system: row.target_system_id, orbit: row.target_orbit + 1 }),
    },
    { key: 'arrives', header: t('fleets.arrives'), render: (row) => date(row.returns_at ?? row.arrives_at) },
    {
      key: 'ships',
      header: t('planets.ships'),
      align: 'right',
      render: (row) => formatInteger(row.ships, locale),
    },
    {
      key: 'end',
      header: '',
      align: 'right',
      render: (row) => (
        <Button
          size="xs"
          color="red"
          variant="light"
          onClick={() => setPending({ kind: 'end_fleet', accountId: account.id, username, fleetId: row.id })}
        >
          {t('fleets.end')}
        </Button>
      ),
    },
  ];

  const queueColumns: TableColumn<Detail['queues'][number]>[] = [
    { key: 'type', header: t('queues.type'), render: (row) => t(`queues.types.${row.type_id}`) },
    { key: 'module', header: t('queues.module'), render: (row) => `#${row.module_id}` },
    { key: 'planet', header: t('queues.planet'), render: (row) => row.planet_id },
    {
      key: 'value',
      header: t('queues.value'),
      align: 'right',
      render: (row) => formatInteger(row.target_value, locale),
    },
    {
      key: 'state',
      header: t('queues.state'),
      render: (row) =>
        row.state === 2 ? t('queues.running', { at: date(row.finish_at) }) : t('queues.waiting'),
    },
  ];

  const emailColumns: TableColumn<Detail['emails'][number]>[] = [
    {
      key: 'title',
      header: t('emails.title'),
      // The player's title as they read it (without the params the list does not carry), not the key.
      render: (row) => (
        <Text size="sm">
          {emailTexts(row, { t: te, raceId: account.race.id, formatDate: (iso) => date(iso) }).title}
        </Text>
      ),
    },
    { key: 'sent', header: t('emails.sent'), render: (row) => date(row.created_at) },
    {
      key: 'read',
      header: t('emails.read'),
      render: (row) => (row.read_at === null ? t('emails.unread') : date(row.read_at)),
    },
  ];

  const sessionColumns: TableColumn<Detail['sessions'][number]>[] = [
    { key: 'created', header: t('sessions.created'), render: (row) => date(row.created_at) },
    { key: 'expires', header: t('sessions.expires'), render: (row) => date(row.expires_at) },
    {
      key: 'remember',
      header: t('sessions.remember'),
      render: (row) => (row.remember_me ? t('yes') : t('no')),
    },
    {
      key: 'status',
      header: t('columns.status'),
      render: (row) => (
        <Badge variant="light" color={row.status === 'active' ? 'teal' : 'gray'}>
          {t(`sessions.${row.status}`)}
        </Badge>
      ),
    },
  ];

  return (
    <Stack gap="lg" data-testid="admin-account">
      <Anchor component={Link} to="/admin" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          {t('back')}
        </Group>
      </Anchor>
      <Card withBorder padding="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            {/* A 20-letter name without a break still fits a phone: it wraps inside the card. */}
            <Stack gap={4} style={{ minWidth: 0, maxWidth: '100%' }}>
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {username}
              </Title>
              <Group gap={6}>
                <RaceBadge raceId={account.race.id} />
                <StatusBadge suspendedAt={account.suspended_at} />
                {account.operator && (
                  <Badge color="violet" variant="filled">
                    {t('operator')}
                  </Badge>
                )}
              </Group>
            </Stack>
            <Group gap="xs" wrap="wrap">
              {account.suspended_at === null ? (
                <Button
                  color="red"
                  leftSection={<IconUserOff size={16} />}
                  onClick={() => setPending({ kind: 'suspend', accountId: account.id, username })}
                >
                  {t('buttons.suspend')}
                </Button>
              ) : (
                <Button
                  color="teal"
                  leftSection={<IconLockOpen size={16} />}
                  onClick={() => setPending({ kind: 'reinstate', accountId: account.id, username })}
                >
                  {t('buttons.reinstate')}
                </Button>
              )}
              <Button
                variant="light"
                leftSection={<IconCoin size={16} />}
                onClick={() => setPending({ kind: 'nmi', accountId: account.id, username })}
              >
                {t('nmiButton')}
              </Button>
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
            <Fact label={t('facts.id')} value={account.id} />
            <Fact label={t('facts.email')} value={account.email} />
            <Fact label={t('columns.points')} value={formatInteger(account.total_points, locale)} />
            <Fact
              label="NMI"
              value={<span data-testid="admin-nmi">{formatInteger(account.nmi, locale)}</span>}
            />
            <Fact label={t('facts.created')} value={date(account.created_at)} />
            <Fact label={t('columns.lastVisit')} value={date(account.last_visit)} />
            {account.suspended_at !== null && (
              <Fact label={t('facts.suspendedAt')} value={date(account.suspended_at)} />
            )}
          </SimpleGrid>
        </Stack>
      </Card>
      <Section title={t('planets.title')} count={planets.length}>
        <AdminTable testId="admin-planets" columns={planetColumns} rows={planets} rowKey={(row) => row.id} />
      </Section>
      <Section title={t('fleets.title')} count={fleets.length}>
        <AdminTable columns={fleetColumns} rows={fleets} rowKey={(row) => row.id} />
      </Section>
      <Section title={t('queues.title')} count={queues.length}>
        <AdminTable columns={queueColumns} rows={queues} rowKey={(row) => row.id} paginate />
      </Section>
      <Section title={t('emails.sectionTitle')} count={emails.length}>
        <AdminTable columns={emailColumns} rows={emails} rowKey={(row) => row.id} paginate />
      </Section>
      <Section title={t('sessions.title')} count={sessions.length}>
        <AdminTable columns={sessionColumns} rows={sessions} rowKey={(row) => row.id} paginate />
      </Section>
      <Section title={t('audit.accountTitle')} count={audit.length}>
        <AuditTable entries={audit} />
      </Section>
      <ActionModal action={pending} onClose={() => setPending(null)} />
    </Stack>
  );
}
