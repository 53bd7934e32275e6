/**
 * A list page (DESIGN "Lists and records"): its title with the add link, what it says above the
 * list (view tabs, why a delete was refused), the DataTable in a card, and the confirmation of a
 * row's delete. A page passes configuration and columns, no layout of its own.
 */
import type { ReactNode } from 'react';
import { CButton, CCard, CCardBody } from '@coreui/react';
import { Link } from 'react-router-dom';
import { errorText, type Translate } from '@/lib/error-text';
import type { ApiErrorData } from '@/lib/http';
import { ConfirmModal } from './confirm-modal';
import { formatDateTime } from '@/lib/dates';
import { type DataColumn, DataTable, type DataTableProps } from './data-table';
import { DeleteRefusal } from './delete-refusal';
import { PageHeader } from './page-header';
import type { ConfirmedDelete } from './use-confirmed-delete';

interface RowDeletion<T> {
  flow: ConfirmedDelete<T>;
  title: string;
  confirmLabel: string;
  question: (row: T) => string;
  /** Why the server refused (e.g. what still holds the record), kept above the list. */
  refused?: (
    row: T,
    error: ApiErrorData,
  ) => { title: string; detail: string; serverMessage?: string };
}

interface ListPageProps<T, F extends string> extends Omit<DataTableProps<T, F>, 'caption'> {
  title: string;
  /** The table's caption when it is not the title (e.g. the recycle bin). */
  caption?: string;
  /** The add link, when the person may add. */
  add?: { to: string; text: string } | false;
  /** Between the title and the list: view tabs and alike. */
  above?: ReactNode;
  cardClassName?: string;
  deletion?: RowDeletion<T>;
}

export function ListPage<T, F extends string>(props: ListPageProps<T, F>) {
  const { title, caption, add, above, cardClassName, deletion, ...table } = props;
  return (
    <>
      <PageHeader
        title={title}
        actions={
          add && (
            <CButton as={Link} to={add.to} color="primary">
              {add.text}
            </CButton>
          )
        }
      />
      {deletion && <DeletionRefusal deletion={deletion} />}
      {above}
      <CCard className={cardClassName}>
        <CCardBody>
          <DataTable caption={caption ?? title} {...table} />
        </CCardBody>
      </CCard>
      {deletion && (
        <ConfirmModal
          {...deletion.flow.dialog}
          title={deletion.title}
          message={deletion.flow.pending ? deletion.question(deletion.flow.pending) : ''}
          confirmLabel={deletion.confirmLabel}
        />
      )}
    </>
  );
}

function DeletionRefusal<T>({ deletion }: { deletion: RowDeletion<T> }) {
  const { refusal, clearRefusal } = deletion.flow;
  if (!refusal || !deletion.refused) return null;
  return <DeleteRefusal {...deletion.refused(refusal.row, refusal.error)} onClose={clearRefusal} />;
}

/**
 * A refused delete in the list's namespace (`deleteRefused`): when the server says the record is
 * still in use (`code`), what holds it and the server's own words; otherwise the reason.
 */
export function inUseRefusal<T>(
  t: Translate,
  code: string,
  name: (row: T) => string,
  inUseDetail: (row: T) => string,
): NonNullable<RowDeletion<T>['refused']> {
  return (row, error) => {
    const inUse = error.code === code;
    return {
      title: t('deleteRefused', { name: name(row) }),
      detail: inUse ? inUseDetail(row) : errorText(t, error),
      serverMessage: inUse ? error.message : undefined,
    };
  };
}

/**
 * The texts a list keeps under the same keys of its namespace (users, roles, departments):
 * the search label, the empty and no-match texts, the pager's label.
 */
export function listTexts(t: Translate) {
  return {
    searchLabel: t('search'),
    empty: { empty: t('empty'), noMatches: t('noMatches') },
    pagerLabel: t('pages'),
  };
}

/** The delete confirmation's title and button under the list namespace's keys. */
export function deletionTexts(t: Translate) {
  return { title: t('confirmDeleteTitle'), confirmLabel: t('delete') };
}

/** The "Updated" column (`fields.updatedAt`) of a record list, in the reader's locale. */
export function updatedColumn<T extends { updated_at: string }>(
  t: Translate,
  locale: string,
): DataColumn<T> {
  return {
    key: 'updated',
    header: t('fields.updatedAt'),
    cell: (row) => formatDateTime(row.updated_at, { locale }),
  };
}
