/**
 * Every record page (DESIGN "Lists and records"): the page title (the record's name once it is
 * loaded) with the record's actions, then a spinner while it loads, the server's reason or "not
 * found" with a way back to the list, or `children` with the record. An id that is no id says so.
 */
import type { ReactNode } from 'react';
import { CAlert, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import { PageHeader } from './page-header';
import { PageHeading } from './page-heading';

export interface RecordQuery<T> {
  isLoading: boolean;
  data?: T;
  error?: unknown;
}

/**
 * The record id of the route (`:param`), whether it is one (a positive integer), and whether the
 * route has the parameter at all (an add page has none).
 */
export function useRecordId(param = 'id'): { id: number; valid: boolean; given: boolean } {
  const raw = useParams()[param];
  const id = Number(raw);
  return { id, valid: Number.isInteger(id) && id > 0, given: raw !== undefined };
}

export interface RecordPageProps<T> {
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
export function RecordBody<T>({ query, valid, listPath, texts, children }: RecordPageProps<T>) {
  const { t } = useTranslation(['errors', 'common']);
  const back = <Link to={listPath}>{texts.backToList}</Link>;
  if (!valid)
    return (
      <CAlert color="info">
        {texts.invalid ?? texts.notFound} {back}
      </CAlert>
    );
  if (query.isLoading) return <CSpinner aria-label={t('common:loading')} />;
  if (!query.data)
    return (
      <CAlert color="warning" role="alert">
        {query.error ? errorText(t, toApiErrorData(query.error)) : texts.notFound} {back}
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
