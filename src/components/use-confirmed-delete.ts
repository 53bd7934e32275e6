/**
 * Deleting a row after a confirmation dialog: `ask(row)` opens it, `confirm()` runs the delete
 * mutation with the row's id, toasts the outcome and keeps the last refusal (so a page can
 * explain it, e.g. what still holds a department). ListPage shows the dialog and the refusal.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { toApiErrorData, type ApiErrorData } from '@/lib/http';
import { toastAdded } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';

/** An RTK Query delete mutation by id, as its hook returns it. */
type DeleteMutation = readonly [
  (id: number) => { unwrap: () => Promise<unknown> },
  { isLoading: boolean },
];

export type ConfirmedDelete<T> = ReturnType<typeof useConfirmedDelete<T & { id: number }>>;

export function useConfirmedDelete<T extends { id: number }>(
  [remove, { isLoading }]: DeleteMutation,
  /** The success toast. */
  deleted: (row: T) => string,
) {
  const { t } = useTranslation('errors');
  const dispatch = useLibDispatch();
  const [pending, setPending] = useState<T | null>(null);
  const [refusal, setRefusal] = useState<{ row: T; error: ApiErrorData } | null>(null);

  async function confirm() {
    if (pending === null) return;
    const row = pending;
    setPending(null);
    try {
      await remove(row.id).unwrap();
      setRefusal(null);
      dispatch(toastAdded({ message: deleted(row), color: 'success' }));
    } catch (e) {
      const error = toApiErrorData(e);
      setRefusal({ row, error });
      dispatch(toastAdded({ message: errorText(t, error), color: 'danger' }));
    }
  }

  return {
    pending,
    ask: (row: T) => setPending(row),
    refusal,
    clearRefusal: () => setRefusal(null),
    dialog: {
      visible: pending !== null,
      busy: isLoading,
      confirmColor: 'danger' as const,
      onConfirm: () => void confirm(),
      onCancel: () => setPending(null),
    },
  };
}
