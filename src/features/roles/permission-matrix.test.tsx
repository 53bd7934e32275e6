import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@contract/api-paths';
import { PERMISSION_CATALOGUE } from '@contract/permissions';
import { apiUrl, errorResponse } from '@/test/handlers';
import { openIdentity } from '@/test/open-identity';

describe('permission matrix on the role form', { timeout: 60_000 }, () => {
  it('when GET /permissions answers, then the matrix shows the rights it lists', async () => {
    await openIdentity('/roles/update-role/10');
    expect(await screen.findByRole('checkbox', { name: 'Users: View' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`of ${PERMISSION_CATALOGUE.length}`);
  });

  it('when GET /permissions fails, then the reason shows and trying again brings the matrix', async () => {
    let calls = 0;
    await openIdentity('/roles/update-role/10', {
      overrides: [
        http.get(apiUrl(apiPaths.permissions), () => {
          calls += 1;
          return calls === 1 ? errorResponse(500, 'INTERNAL_ERROR', 'boom') : undefined;
        }),
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The server ran into a problem. Please try again later error. Please verify.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'Users: View' })).toBeInTheDocument();
  });
});
