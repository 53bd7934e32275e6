import { useSearchParams } from 'react-router-dom';
import { ChecklistsPage } from './checklists-page';
import { SopListPage } from './sop-list-page';
import type { SopLinks } from './sop-links';

/** /sop-repository: the SOP documents, or with `?view=checklists` the checklists. */
export function SopIndexPage({ links }: { links: SopLinks }) {
  const [params] = useSearchParams();
  return params.get('view') === 'checklists' ? (
    <ChecklistsPage links={links} />
  ) : (
    <SopListPage links={links} />
  );
}
