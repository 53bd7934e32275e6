import { CTable } from '@coreui/react';
import type { DbCell } from '@contract/db-sources';

/**
 * The rows of a database query, laid out as the database answered them: one header per column,
 * values as text, NULL as an empty cell. `caption` names the query for screen readers. Shown by
 * the database explorer and under the assistant's charts of a database.
 */
export function ResultTable({
  columns,
  rows,
  caption,
  testId,
}: {
  columns: readonly string[];
  rows: readonly (readonly DbCell[])[];
  caption: string;
  testId?: string;
}) {
  return (
    <CTable small striped responsive data-testid={testId}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={`${i}-${c}`} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {row.map((cell, j) => (
              <td key={j}>{cell === null ? '' : String(cell)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </CTable>
  );
}
