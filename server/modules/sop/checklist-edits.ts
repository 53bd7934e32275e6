/**
 * A person's edits to a checklist's items: ticks, not-applicable marks, notes,
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
    const set = (
      field: (typeof FIELDS)[number],
      value: ChecklistItem[typeof field] | undefined,
    ) => {
      if (value === undefined || value === item[field]) return;
      changes.push({ item: item.id, field, old: asText(item[field]), new: asText(value) });
      Object.assign(item, { [field]: value });
    };
    for (const field of FIELDS) set(field, edit[field]);
    // An item is done or not applicable, never both: the last mark given wins, and clearing the
    // other mark is a change of its own in the version's record.
    if (edit.done === true) set('not_applicable', false);
    if (edit.not_applicable === true) set('done', false);
  }
  return { items: items.map((item) => byId.get(item.id)!), changes };
}
