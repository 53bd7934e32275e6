import { CAlert, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import { toastAdded } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';
import { HistoryTimeline, type HistoryItem, type HistoryTimelineProps } from './history-timeline';

interface HistoryPanelProps<T extends HistoryItem> extends Omit<
  HistoryTimelineProps<T>,
  'entries' | 'onRestore' | 'isRestorable'
> {
  /** The record's history query (newest first). */
  query: { data?: T[]; isLoading: boolean; isError: boolean; error?: unknown };
  /** Brings this entry's version back; rejects with the server's error. */
  restore: (entry: T) => Promise<unknown>;
  /** The toast after a restore. */
  restored: (entry: T) => string;
}

/**
 * A user's or role's history on its view page: loading and error states, then the timeline;
 * a restore says it worked, or why not (the server's own words too), in a toast. Every entry
 * but the newest holds a version to go back to; a deletion's entry does as well.
 */
export function HistoryPanel<T extends HistoryItem>(props: HistoryPanelProps<T>) {
  const { query, restore, restored, ...timeline } = props;
  const { t } = useTranslation(['errors', 'common']);
  const dispatch = useLibDispatch();

  if (query.isLoading) return <CSpinner aria-label={t('common:loading')} />;
  if (query.isError)
    return (
      <CAlert color="danger" role="alert">
        {errorText(t, toApiErrorData(query.error))}
      </CAlert>
    );

  async function onRestore(entry: T) {
    try {
      await restore(entry);
      dispatch(toastAdded({ message: restored(entry), color: 'success' }));
    } catch (e) {
      const error = toApiErrorData(e);
      const text = errorText(t, error);
      const message = text.includes(error.message) ? text : `${text} ${error.message}`;
      dispatch(toastAdded({ message, color: 'danger' }));
      throw e;
    }
  }

  return (
    <HistoryTimeline
      {...timeline}
      entries={query.data ?? []}
      isRestorable={(entry, index) => index > 0 || entry.action === 'delete'}
      onRestore={onRestore}
    />
  );
}
