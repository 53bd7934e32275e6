/**
 * The parts of a record page's body: a titled card (with the record's action, e.g. Edit), a
 * label/value list, the details-beside-history layout, and the "by whom, when" line of a
 * record's creation and last change.
 */
import type { CSSProperties, ReactNode } from 'react';
import { CButton, CCard, CCardBody, CCardHeader, CCol, CRow } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@/lib/dates';
import { isolate } from './isolate';

export function SectionCard({
  heading,
  action,
  className,
  style,
  children,
}: {
  /** Without one the card has no header. */
  heading?: string;
  /** A link shown at the right of the heading, e.g. Edit. */
  action?: { to: string; text: string } | false;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <CCard className={className} style={style}>
      {heading && (
        <CCardHeader className="d-flex align-items-center">
          <h2 className="h5 mb-0">{heading}</h2>
          {action && (
            <CButton as={Link} to={action.to} size="sm" color="primary" className="ms-auto">
              {action.text}
            </CButton>
          )}
        </CCardHeader>
      )}
      <CCardBody>{children}</CCardBody>
    </CCard>
  );
}

/** Labels and values, side by side from small screens on. */
export function DetailList({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="row mb-0">
      {items.map(([label, value], index) => (
        <DetailRow key={label} label={label} last={index === items.length - 1}>
          {isolate(value)}
        </DetailRow>
      ))}
    </dl>
  );
}

function DetailRow({
  label,
  last,
  children,
}: {
  label: string;
  last: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <dt className="col-sm-4">{label}</dt>
      <dd className={last ? 'col-sm-8 mb-0' : 'col-sm-8'}>{children}</dd>
    </>
  );
}

/** A record's details on the left, its change history (with its heading) on the right. */
export function RecordWithHistory({
  details,
  historyHeading,
  history,
}: {
  details: ReactNode;
  historyHeading: string;
  history: ReactNode;
}) {
  return (
    <CRow className="g-4">
      <CCol xl={5}>{details}</CCol>
      <CCol xl={7}>
        <h2 className="h5 mb-3">{historyHeading}</h2>
        {history}
      </CCol>
    </CRow>
  );
}

/** "<when> by <who>" of a record's creation or change; a change nobody made is the system's. */
export function useAuthorship() {
  const { t, i18n } = useTranslation('common');
  return (actor: { name: string } | null | undefined, at: string) =>
    t('history.byWhoWhen', {
      who: actor?.name ?? t('history.system'),
      when: formatDateTime(at, { locale: i18n.language }),
    });
}
