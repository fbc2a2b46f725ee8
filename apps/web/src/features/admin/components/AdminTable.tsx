import { Card, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PAGE_SIZE,
  GenericTable,
  TablePager,
  usePagedRows,
  type GenericTableProps,
} from '../../../components/GenericTable';
import { MOBILE_QUERY } from '../../../lib/breakpoints';

export interface AdminTableProps<Row> extends GenericTableProps<Row> {
  /** A phone's card for a row; by default every column stacked as "header: value". */
  card?: (row: Row) => ReactNode;
  testId?: string;
}

/** Every column of a row, one under the other: a phone shows all a table shows, without sideways scrolling. */
function StackedRow<Row>({ columns, row }: { columns: GenericTableProps<Row>['columns']; row: Row }) {
  return (
    <Card withBorder padding="sm" data-testid="admin-card">
      <Stack gap={6}>
        {columns.map((column) =>
          column.header === '' ? (
            <div key={column.key}>{column.render(row)}</div>
          ) : (
            // Wraps: a long header (fr: "Métal / cristal / carburant") puts its value on the next line.
            <Group key={column.key} gap={4} justify="space-between" wrap="wrap" align="flex-start">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {column.header}
              </Text>
              <Text
                size="sm"
                component="div"
                ta="right"
                ml="auto"
                style={{ maxWidth: '100%', overflowWrap: 'anywhere' }}
              >
                {column.render(row)}
              </Text>
            </Group>
          ),
        )}
      </Stack>
    </Card>
  );
}

/**
 * The console's tables: a table from 769 px, and at 768 px or less one card per row with every
 * column (stacked, or `card`), paged like the table. Nothing scrolls sideways on a phone.
 */
export function AdminTable<Row>(props: AdminTableProps<Row>) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const { rows, loading = false, paginate = false, pageSize = DEFAULT_PAGE_SIZE } = props;
  const { page, pageCount, visible, setPage } = usePagedRows(rows, paginate, pageSize);
  if (!mobile) {
    return (
      <div data-testid={props.testId}>
        <GenericTable {...props} />
      </div>
    );
  }
  const { columns, rowKey, card } = props;
  return (
    <Stack gap="xs" data-testid={props.testId}>
      {(loading || visible.length === 0) && (
        <Text c="dimmed" ta="center" py="md" size="sm">
          {loading ? t('table.loading') : t('table.empty')}
        </Text>
      )}
      {!loading &&
        visible.map((row) => (
          <div key={rowKey(row)}>{card ? card(row) : <StackedRow columns={columns} row={row} />}</div>
        ))}
      {paginate && !loading && pageCount > 1 && (
        <TablePager page={page} pageCount={pageCount} setPage={setPage} mt={4} />
      )}
    </Stack>
  );
}
