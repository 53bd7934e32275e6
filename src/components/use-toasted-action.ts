/** Runs an action and says how it went in a toast: its success text, or the failure's reason. */
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import { toastAdded } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';

export function useToastedAction() {
  const { t } = useTranslation('errors');
  const dispatch = useLibDispatch();
  return async function run<R>(
    action: () => Promise<R>,
    done: (result: R) => string,
  ): Promise<boolean> {
    try {
      const result = await action();
      dispatch(toastAdded({ message: done(result), color: 'success' }));
      return true;
    } catch (e) {
      dispatch(toastAdded({ message: errorText(t, toApiErrorData(e)), color: 'danger' }));
      return false;
    }
  };
}
