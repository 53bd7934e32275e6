/**
 * A person's edits to a checklist's items (issue 15): ticks, not-applicable marks, notes,
 * owners and due dates. The SOP's wording, section and page never change. Each edit that
 * changes something is one line of the version's record: item, field, old and new value.
 */
import type { ChecklistData, ChecklistItem, ChecklistVersion } from '../../../contract/sop';
import { AppError } from '../../http/app-error';

type Change = ChecklistVersion['changes'][number];
const FIELDS = ['done', 'not_applicable', 'note', 'owner', 'due_date'] as const;

const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export function applyEdits(
  items: readonly ChecklistItem[],
  data: ChecklistData,
): { items: ChecklistItem[]; changes: Change[] } {
  const byId = new Map(items.map((item) => [item.id, { ...item }]));
  const unknown = data.items.filter((e) => !byId.has(e.id)).map((e) => e.id);
  if (unknown.length > 0)
    throw new AppError(400, 'VALIDATION_ERROR', `The checklist has no item ${unknown.join(', ')}.`);
  const changes: Change[] = [];
  for (const edit of data.items) {
    const item = byId.get(edit.id)!;
    for (const field of FIELDS) {
      const value = edit[field];
      if (value === undefined || value === item[field]) continue;
      changes.push({ item: item.id, field, old: asText(item[field]), new: asText(value) });
      Object.assign(item, { [field]: value });
    }
    // An item is done or not applicable, never both: the last mark given wins.
    if (edit.done === true) item.not_applicable = false;
    if (edit.not_applicable === true) item.done = false;
  }
  return { items: items.map((item) => byId.get(item.id)!), changes };
}
