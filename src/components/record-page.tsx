/**
 * Every record page (DESIGN "Lists and records"): the page title (the record's name once it is
 * loaded) with the record's actions, then a spinner while it loads, the server's reason or "not
 * found" with a way back to the list, or `children` with the record. An id that is no id says so.
 */
import type { ComponentType, ReactNode } from 'react';
import { CAlert, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import { PageHeader } from './page-header';
import { PageHeading } from './page-heading';

interface RecordQuery<T> {
  isLoading: boolean;
  data?: T;
  error?: unknown;
}

/**
 * The record id of the route (`:param`), whether it is one (a positive integer), and whether the
 * route has the parameter at all (an add page has none).
 */
export function useRecordId(param = 'id'): RecordId {
  return recordId(useParams()[param]);
}

/** The same from the query string (`?id=5`), for screens SPEC lists without a parameter. */
export function useQueryRecordId(param = 'id'): RecordId {
  return recordId(useSearchParams()[0].get(param) ?? undefined);
}

interface RecordId {
  id: number;
  valid: boolean;
  given: boolean;
}

function recordId(raw: string | undefined): RecordId {
  const id = Number(raw);
  return { id, valid: Number.isInteger(id) && id > 0, given: raw !== undefined };
}

interface RecordPageProps<T> {
  query: RecordQuery<T>;
  /** False when the address holds no usable id; `texts.invalid` is shown then. */
  valid: boolean;
  title: (record: T | undefined) => ReactNode;
  actions?: (record: T) => ReactNode;
  listPath: string;
  texts: { invalid?: string; notFound: string; backToList: string };
  children: (record: T) => ReactNode;
}

export function RecordPage<T>(props: RecordPageProps<T>) {
  const { query } = props;
  return (
    <>
      <PageHeader
        title={props.title(query.data)}
        actions={query.data && props.actions?.(query.data)}
      />
      <RecordBody {...props} />
    </>
  );
}

/** The states of a record below its title; form pages put it under their own heading. */
function RecordBody<T>({ query, valid, listPath, texts, children }: RecordPageProps<T>) {
  const { t } = useTranslation(['errors', 'common']);
  const back = <Link to={listPath}>{texts.backToList}</Link>;
  if (!valid)
    return (
      <CAlert color="info">
        {texts.invalid ?? texts.notFound} {back}
      </CAlert>
    );
  if (query.isLoading) return <CSpinner aria-label={t('common:loading')} />;
  // A 404 is the record's own "not found" (which may say why: outside your departments).
  const error = query.error ? toApiErrorData(query.error) : null;
  if (!query.data)
    return (
      <CAlert color="warning" role="alert">
        {error && error.status !== 404 ? errorText(t, error) : texts.notFound} {back}
      </CAlert>
    );
  return <>{children(query.data)}</>;
}

/**
 * An add-or-edit page: its heading, then the form at once when adding (`editing` false), or once
 * the record has loaded when editing (with RecordBody's states).
 */
export function FormPage<T>(
  props: Omit<RecordPageProps<T>, 'title' | 'actions' | 'children'> & {
    heading: string;
    editing: boolean;
    form: (record: T | undefined) => ReactNode;
  },
) {
  const { heading, editing, form, ...record } = props;
  return (
    <>
      <PageHeading>{heading}</PageHeading>
      {editing ? (
        <RecordBody {...record} title={() => null}>
          {(data) => form(data)}
        </RecordBody>
      ) : (
        form(undefined)
      )}
    </>
  );
}

/**
 * The add-or-edit page of a record kept by id in the route (`param`): the heading of either
 * mode, and `Form` with the record once it has loaded (none when adding). The namespace `ns`
 * holds the titles, `notFound` and `backToList`.
 */
export function recordFormPage<
  T extends { updated_at: string },
  L extends { list: string },
>(config: {
  ns: string;
  param: string;
  titles: { add: string; edit: string };
  useRecord: (id: number, options: { skip: boolean }) => RecordQuery<T>;
  Form: ComponentType<{ record?: T; links: L }>;
}) {
  const { ns, param, titles, useRecord, Form } = config;
  return function RecordFormScreen({ links }: { links: L }) {
    const { t } = useTranslation(ns);
    const { id, valid, given } = useRecordId(param);
    const query = useRecord(id, { skip: !given || !valid });
    return (
      <FormPage
        heading={t(given ? titles.edit : titles.add)}
        editing={given}
        query={query}
        valid={valid}
        listPath={links.list}
        texts={{ notFound: t('notFound'), backToList: t('backToList') }}
        form={(record) => <Form key={record?.updated_at} record={record} links={links} />}
      />
    );
  };
}
