/**
 * Restoring a deleted user from the list or their page: runs the restore and toasts what
 * happened (an active account is mailed an invitation to choose a new password) or why not.
 */
import { useTranslation } from 'react-i18next';
import type { DeletedUser } from '@contract/deleted-users';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import { toastAdded } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';
import { fullName } from './user-names';
import { useRestoreDeletedUserMutation } from './users-api';

export function useRestoreUser() {
  const { t } = useTranslation(['users', 'errors']);
  const dispatch = useLibDispatch();
  const [restoreUser, { isLoading }] = useRestoreDeletedUserMutation();

  /** Resolves true once the account is back. */
  async function restore(user: DeletedUser): Promise<boolean> {
    try {
      const restored = await restoreUser(user.id).unwrap();
      const name = fullName(restored);
      dispatch(
        toastAdded({
          message:
            restored.status === 'active'
              ? t('restoredUser', { name, email: restored.email })
              : t('restoredDisabledUser', { name }),
          color: 'success',
        }),
      );
      return true;
    } catch (e) {
      dispatch(toastAdded({ message: errorText(t, toApiErrorData(e)), color: 'danger' }));
      return false;
    }
  }

  return { restore, busy: isLoading };
}
