import type { Helpdesk } from '@contract/helpdesk-api';
import type { Paged } from '@contract/paging';

/**
 * Whether a helpdesk serves the person, from the helpdesks their list shows (GET /helpdesk, the
 * same right as the hand-off): 'yes' when one of them is on; 'no' when the list is whole and none
 * is; 'maybe' when the list may leave one out. It shows a helpdesk only when every department it
 * serves is one of the person's, while the hand-off also takes one serving just some of them: so
 * for someone whose right is held in some departments (not everywhere), only the hand-off knows.
 */
export function helpdeskServes(
  listed: Paged<Helpdesk>,
  everyDepartment: boolean,
): 'yes' | 'no' | 'maybe' {
  if (listed.items.some((h) => h.status)) return 'yes';
  if (!everyDepartment || listed.total > listed.items.length) return 'maybe';
  return 'no';
}
