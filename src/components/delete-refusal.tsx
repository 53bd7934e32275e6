import { CAlert } from '@coreui/react';

/** Why a delete was refused, kept on the page until closed (the toast goes away by itself). */
export function DeleteRefusal(props: {
  title: string;
  detail: string;
  /** The server's own words when they add something (e.g. what still holds the record). */
  serverMessage?: string;
  onClose: () => void;
}) {
  return (
    <CAlert color="danger" role="alert" dismissible onClose={props.onClose}>
      <p className="fw-semibold mb-1">{props.title}</p>
      <p className="mb-0">{props.detail}</p>
      {props.serverMessage && <p className="mb-0 small">{props.serverMessage}</p>}
    </CAlert>
  );
}
