/** How each source type quotes an identifier (for queries built by picking). */
import type { DbSourceType } from '../../../../contract/db-sources';

const doubled = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

export const quoteFor: Record<DbSourceType, (identifier: string) => string> = {
  postgres: doubled,
  sqlite: doubled,
  mysql: (identifier) => `\`${identifier.replace(/`/g, '``')}\``,
  mssql: (identifier) => `[${identifier.replace(/]/g, ']]')}]`,
};
