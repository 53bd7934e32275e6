import { useState, type Key } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useListParams } from '@/lib/use-list-params';
import { DataTable, type DataColumn, type ListQuery } from './data-table';

interface Fruit {
  id: number;
  name: string;
  weight: number;
}

const fruits: Fruit[] = [
  { id: 1, name: 'Pear', weight: 180 },
  { id: 2, name: 'Apple', weight: 150 },
  { id: 3, name: 'Cherry', weight: 8 },
];

const columns: DataColumn<Fruit>[] = [
  {
    key: 'name',
    header: 'Name',
    rowHeader: true,
    cell: (f) => f.name,
    sortable: true,
    sortValue: (f) => f.name,
  },
  {
    key: 'weight',
    header: 'Weight',
    cell: (f) => f.weight,
    sortable: true,
    sortValue: (f) => f.weight,
  },
];

function Fruits({ query }: { query: ListQuery<Fruit> }) {
  const [params, setParams] = useListParams(['colour'] as const);
  const [selected, setSelected] = useState(new Set<Key>());
  return (
    <DataTable
      caption="Fruits"
      columns={columns}
      query={query}
      rowKey={(f) => f.id}
      params={params}
      setParams={setParams}
      searchLabel="Search fruits"
      selection={{
        selectable: (f) => f.id !== 3,
        selected,
        onSelect: (keys, on) =>
          setSelected(
            (s) => new Set(on ? [...s, ...keys] : [...s].filter((k) => !keys.includes(k))),
          ),
        selectAllLabel: 'Select all',
        selectLabel: (f) => `Select ${f.name}`,
      }}
      rowActions={{ label: 'Actions', render: (f) => <button type="button">Eat {f.name}</button> }}
      empty={{ empty: 'No fruit yet.', noMatches: 'No fruit matches.' }}
      pagerLabel="Fruit pages"
    />
  );
}

function open(query: ListQuery<Fruit>, address = '/fruits') {
  const router = createMemoryRouter([{ path: '/fruits', element: <Fruits query={query} /> }], {
    initialEntries: [address],
  });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

const names = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);
const page = (items: Fruit[]) => ({ isLoading: false, data: { items, total: items.length } });

describe('DataTable', () => {
  it('when a sortable header is pressed, then the sort goes into the address and cycles up, down and off', async () => {
    const { router, user } = open(page(fruits));
    expect(names()).toEqual(['Pear', 'Apple', 'Cherry']);
    const header = screen.getByRole('columnheader', { name: 'Name' });
    await user.click(within(header).getByRole('button'));
    expect(router.state.location.search).toBe('?sort=name');
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Apple', 'Cherry', 'Pear']);
    await user.click(within(header).getByRole('button'));
    expect(router.state.location.search).toBe('?sort=-name');
    expect(names()).toEqual(['Pear', 'Cherry', 'Apple']);
    await user.click(within(header).getByRole('button'));
    expect(router.state.location.search).toBe('');
    expect(names()).toEqual(['Pear', 'Apple', 'Cherry']);
  });

  it('when the address sorts by a number column, then the rows follow it', () => {
    open(page(fruits), '/fruits?sort=-weight');
    expect(names()).toEqual(['Pear', 'Apple', 'Cherry']);
    expect(screen.getByRole('columnheader', { name: 'Weight' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('when rows may be selected, then only those get a box and the header box ticks them all', async () => {
    const { user } = open(page(fruits));
    expect(screen.queryByRole('checkbox', { name: 'Select Cherry' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('checkbox', { name: 'Select Pear' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Apple' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Eat Cherry' })).toBeInTheDocument();
  });

  it('when the list is empty, then it says so', () => {
    open(page([]));
    expect(screen.getByText('No fruit yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('when the address filters an empty list, then the no-matches text shows', () => {
    open(page([]), '/fruits?colour=blue');
    expect(screen.getByText('No fruit matches.')).toBeInTheDocument();
  });

  it('when the list is loading, then a spinner shows instead of rows', () => {
    open({ isLoading: true });
    expect(screen.getByLabelText('Loading...')).toBeInTheDocument();
  });

  it('when the list failed, then the server reason shows', () => {
    open({ isLoading: false, error: { status: 403, code: 'FORBIDDEN', message: 'no' } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You do not have the rights to do this error. Please verify.',
    );
  });
});
