import type { ReactNode } from 'react';
import { PageHeading } from './page-heading';

/** A page's title (its focused h1) with the page's actions beside it. */
export function PageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <PageHeading className="h3 mb-0">{title}</PageHeading>
      {actions && <div className="d-flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
