import { CButton } from '@coreui/react';
import { Link } from 'react-router-dom';
import type { Translate } from '@/lib/error-text';
import { ToneButton } from './tone-button';

interface RowAction {
  text: string;
  /** Names the row for screen readers ("Edit Ada Lovelace"). */
  label: string;
}

/** A list row's edit link and delete button; either is left out when not given. */
function EditDeleteActions({
  edit,
  remove,
}: {
  edit?: RowAction & { to: string };
  remove?: RowAction & { onClick: () => void };
}) {
  return (
    <>
      {edit && (
        <CButton
          as={Link}
          to={edit.to}
          size="sm"
          color="primary"
          variant="outline"
          className="me-2"
          aria-label={edit.label}
        >
          {edit.text}
        </CButton>
      )}
      {remove && (
        <ToneButton size="sm" tone="danger" aria-label={remove.label} onClick={remove.onClick}>
          {remove.text}
        </ToneButton>
      )}
    </>
  );
}

/**
 * The row-actions column of a list with edit and delete, in the list's own namespace (`actions`,
 * `edit`, `editNamed`, `delete`, `deleteNamed`). Leave `editTo` or `onDelete` out where the
 * person may not; `deletable` keeps a row's delete away (e.g. one's own account).
 */
export function editDeleteColumn<T>(
  t: Translate,
  options: {
    name: (row: T) => string;
    editTo?: ((row: T) => string) | false;
    onDelete?: ((row: T) => void) | false;
    deletable?: (row: T) => boolean;
  },
) {
  const { name, editTo, onDelete, deletable = () => true } = options;
  return {
    label: t('actions'),
    render: (row: T) => (
      <EditDeleteActions
        edit={
          editTo
            ? { to: editTo(row), text: t('edit'), label: t('editNamed', { name: name(row) }) }
            : undefined
        }
        remove={
          onDelete && deletable(row)
            ? {
                onClick: () => onDelete(row),
                text: t('delete'),
                label: t('deleteNamed', { name: name(row) }),
              }
            : undefined
        }
      />
    ),
  };
}
