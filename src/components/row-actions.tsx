import { type MouseEvent, useId } from 'react';
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
/**
 * A delete that cannot happen (the record is in use): the button stays in its place and in the
 * tab order but does nothing (aria-disabled, not disabled, so keyboard users reach it), and the
 * reason is visible text beside it, read with the button, so it needs no hover on a phone.
 */
function BlockedDelete({ text, label, reason }: RowAction & { reason: string }) {
  const reasonId = useId();
  return (
    <span className="d-inline-flex flex-column align-items-start gap-1">
      <ToneButton
        size="sm"
        tone="danger"
        aria-label={label}
        aria-disabled="true"
        aria-describedby={reasonId}
        className="disabled"
        style={{ pointerEvents: 'auto', cursor: 'not-allowed' }}
        onClick={(event: MouseEvent) => event.preventDefault()}
      >
        {text}
      </ToneButton>
      <span
        id={reasonId}
        className="small text-body-secondary text-wrap"
        style={{ maxWidth: '16rem' }}
      >
        {reason}
      </span>
    </span>
  );
}

function EditDeleteActions({
  edit,
  remove,
}: {
  edit?: RowAction & { to: string };
  remove?: RowAction & { onClick: () => void; blocked?: string | null };
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
      {remove?.blocked && (
        <BlockedDelete text={remove.text} label={remove.label} reason={remove.blocked} />
      )}
      {remove && !remove.blocked && (
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
    /** Why a row cannot be deleted now (e.g. what still holds it): Delete shows disabled with it. */
    deleteBlocked?: (row: T) => string | null;
  },
) {
  const { name, editTo, onDelete, deletable = () => true, deleteBlocked } = options;
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
                blocked: deleteBlocked?.(row),
                text: t('delete'),
                label: t('deleteNamed', { name: name(row) }),
              }
            : undefined
        }
      />
    ),
  };
}
