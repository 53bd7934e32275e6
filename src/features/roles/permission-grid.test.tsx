import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  idsOf,
  PERMISSION_CATALOGUE,
  permissionId,
  type PermissionDefinition,
} from '@contract/permissions';
import { PermissionGrid } from './permission-grid';

/** What GET /permissions answers on a seeded server. */
const SERVER_CATALOGUE: readonly PermissionDefinition[] = PERMISSION_CATALOGUE;

function Harness({
  initial = [] as number[],
  grantable,
  catalogue = SERVER_CATALOGUE,
}: {
  initial?: number[];
  grantable?: Set<number>;
  catalogue?: readonly PermissionDefinition[];
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PermissionGrid
        catalogue={catalogue}
        value={value}
        onChange={setValue}
        grantable={grantable}
      />
      <span data-testid="value">{value.join(',')}</span>
    </>
  );
}

const value = () => screen.getByTestId('value').textContent;

describe('permission grid', { timeout: 30_000 }, () => {
  it('when it renders, then modules are rows, actions are columns and only the rights a module has are checkboxes', () => {
    render(<Harness />);
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Module',
      'Add',
      'Update',
      'View',
      'List',
      'Delete',
      'Query documents',
      'Analytics',
      'Download',
    ]);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Users',
      'Roles',
      'Query',
      'Service agent',
      'Email agent',
      'Documents',
      'SOP',
      'Helpdesk',
      'Reports',
    ]);
    expect(screen.getByRole('checkbox', { name: 'Email agent: Analytics' })).not.toBeChecked();
    // Pairs no module has are no boxes at all: 40 rights, not 9 × 8.
    expect(screen.queryByRole('checkbox', { name: 'Users: Query documents' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Query: Add' })).toBeNull();
    expect(within(table).getAllByRole('checkbox', { name: /: / })).toHaveLength(40);
    expect(screen.getByRole('status')).toHaveTextContent('0 of 40 rights granted');
  });

  it('when single cells are ticked and unticked, then the set and the count follow', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Users: List' }));
    await user.click(screen.getByRole('checkbox', { name: 'Documents: Add' }));
    expect(screen.getByRole('status')).toHaveTextContent('2 of 40 rights granted');
    expect(value()).toBe(idsOf('Users.LIST_VIEW', 'Documents.ADD').join(','));
    await user.click(screen.getByRole('checkbox', { name: 'Users: List' }));
    expect(screen.getByRole('status')).toHaveTextContent('1 of 40 rights granted');
  });

  it('when a row toggle is used, then the whole module is granted, and a second use clears it', async () => {
    render(<Harness initial={idsOf('Roles.VIEW')} />);
    const user = userEvent.setup();
    const row = screen.getByRole('checkbox', { name: 'All rights of Roles' });
    expect(row).toHaveProperty('indeterminate', true);
    await user.click(row);
    expect(screen.getByRole('status')).toHaveTextContent('5 of 40 rights granted');
    expect(row).toBeChecked();
    await user.click(row);
    expect(screen.getByRole('status')).toHaveTextContent('0 of 40 rights granted');
  });

  it('when a column toggle is used, then that action is granted in every module', async () => {
    render(<Harness />);
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'View in every module' }));
    expect(screen.getByRole('status')).toHaveTextContent('7 of 40 rights granted');
    expect(screen.getByRole('checkbox', { name: 'Reports: View' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Documents: Add' })).not.toBeChecked();
  });

  it('when grant all and clear all are pressed, then every right is granted and then none', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Grant all' }));
    expect(screen.getByRole('status')).toHaveTextContent('40 of 40 rights granted');
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.getByRole('status')).toHaveTextContent('0 of 40 rights granted');
  });

  it('when some rights may not be granted, then they are locked and line toggles leave them alone', async () => {
    const grantable = new Set(idsOf('Users.ADD', 'Users.VIEW'));
    render(<Harness initial={[permissionId('Users', 'DELETE')]} grantable={grantable} />);
    const user = userEvent.setup();
    expect(screen.getByRole('checkbox', { name: 'Users: Delete' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Roles: Add' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'All rights of Users' }));
    expect(value()).toBe(idsOf('Users.ADD', 'Users.VIEW', 'Users.DELETE').join(','));
    await user.click(screen.getByRole('checkbox', { name: 'All rights of Users' }));
    expect(value()).toBe(String(permissionId('Users', 'DELETE')));
  });

  it('when a cell is toggled with the keyboard, then the focus stays on that cell', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const cell = screen.getByRole('checkbox', { name: 'Helpdesk: View' });
    cell.focus();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Helpdesk: View' })).toBe(cell);
    expect(cell).toBeChecked();
    expect(cell).toHaveFocus();
  });

  it('when it is read-only, then the set shows but nothing can be changed', () => {
    render(<PermissionGrid catalogue={SERVER_CATALOGUE} value={idsOf('Sop.LIST_VIEW')} readOnly />);
    expect(screen.getByRole('checkbox', { name: 'SOP: List' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'SOP: List' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Grant all' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 of 40 rights granted');
  });

  it('when the server lists fewer rights, then the grid shows exactly those rows, columns and cells', async () => {
    const catalogue = SERVER_CATALOGUE.filter(
      (p) => ['Users', 'Reports'].includes(p.module_name) && ['ADD', 'VIEW'].includes(p.action),
    ).filter((p) => !(p.module_name === 'Reports' && p.action === 'ADD'));
    render(<Harness catalogue={catalogue} />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Module', 'Add', 'View']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Users', 'Reports']);
    expect(screen.queryByRole('checkbox', { name: 'Reports: Add' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 of 3 rights granted');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Grant all' }));
    expect(value()).toBe(catalogue.map((p) => p.id).join(','));
  });
});
