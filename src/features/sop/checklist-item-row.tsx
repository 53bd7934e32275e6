import { CButton, CFormCheck, CFormInput } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { ChecklistItem, ItemEdit } from '@contract/sop';

/** One requirement of a checklist: its ticks, note, owner and due date, and its SOP page. */
export function ChecklistItemRow({
  item,
  edit,
  onEdit,
  onOpenPage,
  readOnly,
}: {
  item: ChecklistItem;
  edit: ItemEdit | undefined;
  onEdit: (change: Omit<ItemEdit, 'id'>) => void;
  onOpenPage: (page: number) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('sop');
  const value = { ...item, ...edit };
  return (
    <li className="list-group-item" data-testid="checklist-item" data-item={item.id}>
      <div className="d-flex flex-wrap gap-3 align-items-start">
        <CFormCheck
          id={`done-${item.id}`}
          label={t('done')}
          checked={value.done}
          disabled={readOnly}
          onChange={(e) =>
            onEdit({
              done: e.target.checked,
              ...(e.target.checked ? { not_applicable: false } : {}),
            })
          }
        />
        <CFormCheck
          id={`na-${item.id}`}
          label={t('notApplicable')}
          checked={value.not_applicable}
          disabled={readOnly}
          onChange={(e) =>
            onEdit({
              not_applicable: e.target.checked,
              ...(e.target.checked ? { done: false } : {}),
            })
          }
        />
        <div className="flex-grow-1" style={{ minWidth: '16rem' }}>
          <div className={value.not_applicable ? 'text-decoration-line-through' : undefined}>
            {item.text}
          </div>
          {item.page !== null && (
            <CButton color="link" size="sm" className="p-0" onClick={() => onOpenPage(item.page!)}>
              {t('sourcePage', { page: item.page })}
            </CButton>
          )}
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2 mt-2">
        <CFormInput
          size="sm"
          style={{ maxWidth: '20rem' }}
          aria-label={t('note')}
          placeholder={t('note')}
          value={value.note}
          readOnly={readOnly}
          onChange={(e) => onEdit({ note: e.target.value })}
        />
        <CFormInput
          size="sm"
          style={{ maxWidth: '12rem' }}
          aria-label={t('owner')}
          placeholder={t('owner')}
          value={value.owner}
          readOnly={readOnly}
          onChange={(e) => onEdit({ owner: e.target.value })}
        />
        <CFormInput
          size="sm"
          type="date"
          style={{ maxWidth: '11rem' }}
          aria-label={t('dueDate')}
          value={value.due_date ?? ''}
          readOnly={readOnly}
          onChange={(e) => onEdit({ due_date: e.target.value || null })}
        />
      </div>
    </li>
  );
}
