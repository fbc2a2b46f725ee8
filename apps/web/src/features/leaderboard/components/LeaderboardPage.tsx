import { Anchor, Badge, Button, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconSelector } from '@tabler/icons-react';
import type { AccountOrderBy, AccountRankingRow } from '@starhold/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { GenericTable, type TableColumn } from '../../../components/GenericTable';
import { abbreviateNumber } from '../../../lib/format';
import { LEADERBOARD_PAGE_SIZE, useRanking } from '../api';
import { pageCount, readRankingParams } from '../model/ranking-params';
import { RaceBadge } from '../../../components/RaceBadge';

const POINT_COLUMNS = ['total_points', 'military_points', 'economy_points', 'science_points'] as const;

function SortHeader({
  column,
  active,
  onSort,
}: {
  column: AccountOrderBy;
  active: boolean;
  onSort: () => void;
}) {
  const { t } = useTranslation('leaderboard');
  const label = t(`columns.${column}`);
  return (
    <UnstyledButton
      onClick={onSort}
      aria-label={t('sortBy', { column: label })}
      aria-pressed={active}
      data-sort={column}
    >
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Text size="sm" fw={700} c={active ? 'var(--mantine-primary-color-filled)' : undefined}>
          {label}
        </Text>
        {active ? <IconArrowDown size={14} /> : <IconSelector size={14} opacity={0.5} />}
      </Group>
    </UnstyledButton>
  );
}

export function LeaderboardPage() {
  const { t } = useTranslation('leaderboard');
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { page: requested, orderBy } = readRankingParams(params);
  const ranking = useRanking(requested, orderBy);
  const total = ranking.data?.total ?? 0;
  const pages = pageCount(total, LEADERBOARD_PAGE_SIZE);
  const page = Math.min(requested, pages);

  const go = (next: { page?: number; orderBy?: AccountOrderBy }) => {
    const target = { page: String(next.page ?? page), order_by: next.orderBy ?? orderBy };
    setParams(target);
  };

  const columns: TableColumn<AccountRankingRow>[] = [
    {
      key: 'rank',
      header: t('columns.rank'),
      render: (row) => (
        <Text fw={700} ff="monospace">
          {row.rank}
        </Text>
      ),
    },
    {
      key: 'username',
      header: t('columns.username'),
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <Anchor
            component={Link}
            to={`/accounts/${row.id}`}
            state={{ from: 'leaderboard' }}
            fw={row.is_me ? 700 : 500}
            style={{ whiteSpace: 'nowrap' }}
          >
            {row.username}
          </Anchor>
          <Group gap={4} wrap="nowrap">
            <RaceBadge raceId={row.race.id} size="xs" />
            {row.is_me && (
              <Badge size="xs" variant="filled">
                {t('you')}
              </Badge>
            )}
          </Group>
        </Stack>
      ),
    },
    ...POINT_COLUMNS.map((column): TableColumn<AccountRankingRow> => ({
      key: column,
      align: 'right',
      header: (
        <SortHeader
          column={column}
          active={orderBy === column}
          onSort={() => go({ orderBy: column, page: 1 })}
        />
      ),
      render: (row) => (
        <Text ff="monospace" size="sm" fw={orderBy === column ? 700 : 400}>
          {abbreviateNumber(row[column])}
        </Text>
      ),
    })),
  ];

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        {ranking.data && (
          <Text c="dimmed" size="sm">
            {t('subtitle', { count: total })}
          </Text>
        )}
      </div>
      <Card withBorder p="sm">
        <GenericTable
          columns={columns}
          rows={ranking.data?.rows}
          rowKey={(row) => row.id}
          loading={ranking.isPending}
          highlight={(row) => row.is_me}
        />
        {!ranking.isPending && total > 0 && (
          <Group justify="space-between" mt="sm">
            <Button
              variant="default"
              size="xs"
              disabled={page <= 1 || ranking.isFetching}
              onClick={() => go({ page: page - 1 })}
            >
              {tc('table.previous')}
            </Button>
            <Text size="sm" c="dimmed" data-testid="leaderboard-page">
              {tc('table.pageOf', { page, count: pages })}
            </Text>
            <Button
              variant="default"
              size="xs"
              disabled={page >= pages || ranking.isFetching}
              onClick={() => go({ page: page + 1 })}
            >
              {tc('table.next')}
            </Button>
          </Group>
        )}
      </Card>
    </Stack>
  );
}
