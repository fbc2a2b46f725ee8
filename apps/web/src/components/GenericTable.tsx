import { Button, Group, Table, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const DEFAULT_PAGE_SIZE = 10;

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'right' | 'center';
}

export interface GenericTableProps<Row> {
  columns: TableColumn<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  loading?: boolean;
  /** Client-side pagination; off by default. */
  paginate?: boolean;
  pageSize?: number;
  /** Highlights a row (the player's own line in rankings). */
  highlight?: (row: Row) => boolean;
}

/**
 * The page of `rows` to show, client-side: every row when `paginate` is off. Rows can shrink under
 * the current page (a refetch): the page stays the last one that exists.
 */
export function usePagedRows<Row>(rows: readonly Row[] | undefined, paginate: boolean, pageSize: number) {
  const [requestedPage, setPage] = useState(1);
  const all = rows ?? [];
  const pageCount = paginate ? Math.max(1, Math.ceil(all.length / pageSize)) : 1;
  const page = Math.min(requestedPage, pageCount);
  const visible = paginate ? all.slice((page - 1) * pageSize, page * pageSize) : all;
  return { all, page, pageCount, visible, setPage };
}

/** Previous / "page n of m" / next, under a paged table or its cards. */
export function TablePager({
  page,
  pageCount,
  setPage,
  mt,
}: {
  page: number;
  pageCount: number;
  setPage: (page: number) => void;
  mt: number | string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mt={mt}>
      <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        {t('table.previous')}
      </Button>
      <Text size="sm" c="dimmed">
        {t('table.pageOf', { page, count: pageCount })}
      </Text>
      <Button variant="default" size="xs" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
        {t('table.next')}
      </Button>
    </Group>
  );
}

/** A table with optional client-side pagination and loading and empty messages (SPEC 2). */
export function GenericTable<Row>({
  columns,
  rows,
  rowKey,
  loading = false,
  paginate = false,
  pageSize = DEFAULT_PAGE_SIZE,
  highlight,
}: GenericTableProps<Row>) {
  const { t } = useTranslation();
  const { all, page, pageCount, visible, setPage } = usePagedRows(rows, paginate, pageSize);

  let body: ReactNode;
  if (loading) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>
          <Text c="dimmed" ta="center" py="md">
            {t('table.loading')}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else if (visible.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>
          <Text c="dimmed" ta="center" py="md">
            {t('table.empty')}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = visible.map((row) => (
      <Table.Tr
        key={rowKey(row)}
        data-highlighted={highlight?.(row) || undefined}
        bg={highlight?.(row) ? 'var(--mantine-primary-color-light)' : undefined}
      >
        {columns.map((column) => (
          <Table.Td key={column.key} ta={column.align}>
            {column.render(row)}
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }

  return (
    <div>
      <Table.ScrollContainer minWidth={480}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} ta={column.align}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {paginate && !loading && all.length > 0 && (
        <TablePager page={page} pageCount={pageCount} setPage={setPage} mt="sm" />
      )}
    </div>
  );
}
