import { CButton } from '@coreui/react';
import { Link } from 'react-router-dom';
import { ToneButton } from './tone-button';

interface RowAction {
  text: string;
  /** Names the row for screen readers ("Edit Ada Lovelace"). */
  label: string;
}

/** A list row's edit link and delete button; either is left out when not given. */
export function EditDeleteActions({
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
