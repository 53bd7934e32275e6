/**
 * Deleting a row after a confirmation dialog: `ask(row)` opens it, `confirm()` runs the delete,
 * toasts the outcome and keeps the last refusal (so a page can explain it, e.g. what still
 * holds a department). Spread `dialog` into ConfirmModal.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { toApiErrorData, type ApiErrorData } from '@/lib/http';
import { toastAdded } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';

export type ConfirmedDelete<T> = ReturnType<typeof useConfirmedDelete<T>>;

export function useConfirmedDelete<T>(options: {
  remove: (row: T) => Promise<unknown>;
  /** The success toast. */
  deleted: (row: T) => string;
  busy: boolean;
}) {
  const { t } = useTranslation('errors');
  const dispatch = useLibDispatch();
  const [pending, setPending] = useState<T | null>(null);
  const [refusal, setRefusal] = useState<{ row: T; error: ApiErrorData } | null>(null);

  async function confirm() {
    if (pending === null) return;
    const row = pending;
    setPending(null);
    try {
      await options.remove(row);
      setRefusal(null);
      dispatch(toastAdded({ message: options.deleted(row), color: 'success' }));
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
      busy: options.busy,
      confirmColor: 'danger' as const,
      onConfirm: () => void confirm(),
      onCancel: () => setPending(null),
    },
  };
}
