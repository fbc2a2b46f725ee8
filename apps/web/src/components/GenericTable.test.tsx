import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { GenericTable, type TableColumn } from './GenericTable';

interface Row {
  id: number;
  name: string;
}

const columns: TableColumn<Row>[] = [{ key: 'name', header: 'Nom', render: (row) => row.name }];
const rows = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `Joueur ${index + 1}` }));
const bodyRows = () => within(screen.getAllByRole('rowgroup')[1] as HTMLElement).getAllByRole('row');

describe('GenericTable', () => {
  it('shows 10 rows per page by default with previous and next buttons', () => {
    renderWithApp(<GenericTable columns={columns} rows={rows(23)} rowKey={(row) => row.id} paginate />);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Page 1 sur 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Page 2 sur 3')).toBeInTheDocument();
    expect(screen.getByText('Joueur 11')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(bodyRows()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(screen.getByText('Page 2 sur 3')).toBeInTheDocument();
  });

  it('honours a custom page size', () => {
    renderWithApp(
      <GenericTable columns={columns} rows={rows(30)} rowKey={(row) => row.id} paginate pageSize={25} />,
    );
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByText('Page 1 sur 2')).toBeInTheDocument();
  });

  it('shows every row without pagination controls when pagination is off', () => {
    renderWithApp(<GenericTable columns={columns} rows={rows(15)} rowKey={(row) => row.id} />);
    expect(bodyRows()).toHaveLength(15);
    expect(screen.queryByRole('button', { name: 'Suivant' })).not.toBeInTheDocument();
  });

  it("shows 'Chargement en cours...' while loading", () => {
    renderWithApp(
      <GenericTable columns={columns} rows={undefined} rowKey={(row) => row.id} loading paginate />,
    );
    expect(screen.getByText('Chargement en cours...')).toBeInTheDocument();
    expect(screen.queryByText(/Page/)).not.toBeInTheDocument();
  });

  it("shows 'Aucune donnée disponible' when there are no rows", () => {
    renderWithApp(<GenericTable columns={columns} rows={[]} rowKey={(row) => row.id} paginate />);
    expect(screen.getByText('Aucune donnée disponible')).toBeInTheDocument();
  });

  it('marks highlighted rows', () => {
    renderWithApp(
      <GenericTable
        columns={columns}
        rows={rows(3)}
        rowKey={(row) => row.id}
        highlight={(row) => row.id === 2}
      />,
    );
    expect(screen.getByText('Joueur 2').closest('tr')).toHaveAttribute('data-highlighted');
    expect(screen.getByText('Joueur 1').closest('tr')).not.toHaveAttribute('data-highlighted');
  });
});
