/**
 * Toasts and the notification snackbar (SPEC §3, §4): toasts are added, shown top-right and
 * removed by the user or after 10 s; the notification shows one message and hides after 5000 ms.
 */
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { NOTIFICATION_AUTOHIDE_MS } from '@contract/constants';
import { isSessionEnd } from '../session/session-slice';

type ToastColor = 'primary' | 'success' | 'danger' | 'warning' | 'info';
export type Severity = 'success' | 'error' | 'warning' | 'info';

interface Toast {
  id: string;
  message: string;
  color: ToastColor;
  autohide: boolean;
}

interface NotificationState {
  open: boolean;
  message: string;
  severity: Severity | null;
  autoHideDuration: number;
}

interface NotifyState {
  toasts: Toast[];
  notification: NotificationState;
}

const hiddenNotification: NotificationState = {
  open: false,
  message: '',
  severity: null,
  autoHideDuration: NOTIFICATION_AUTOHIDE_MS,
};

const initialState: NotifyState = { toasts: [], notification: hiddenNotification };

/**
 * At most this many toasts show at once; a newer one pushes the oldest out. Ten quick saves
 * stacked ten toasts down the page for their 10 s each.
 */
export const TOASTS_SHOWN_AT_MOST = 3;

const notifySlice = createSlice({
  name: 'notify',
  initialState,
  reducers: {
    toastAdded: {
      reducer: (state, action: PayloadAction<Toast>) => {
        // The same words again (Save pressed twice) replace the earlier toast instead of adding one.
        const { message, color } = action.payload;
        state.toasts = state.toasts
          .filter((t) => t.message !== message || t.color !== color)
          .concat(action.payload)
          .slice(-TOASTS_SHOWN_AT_MOST);
      },
      prepare: (toast: { message: string; color?: ToastColor; autohide?: boolean }) => ({
        payload: {
          id: nanoid(),
          message: toast.message,
          color: toast.color ?? 'primary',
          autohide: toast.autohide ?? true,
        },
      }),
    },
    toastRemoved: (state, action: PayloadAction<string>) => {
      state.toasts = state.toasts.filter((t) => t.id !== action.payload);
    },
    notificationShown: (
      state,
      action: PayloadAction<{ message: string; severity: Severity; autoHideDuration?: number }>,
    ) => {
      state.notification = {
        open: true,
        message: action.payload.message,
        severity: action.payload.severity,
        autoHideDuration: action.payload.autoHideDuration ?? NOTIFICATION_AUTOHIDE_MS,
      };
    },
    notificationHidden: (state) => {
      state.notification = hiddenNotification;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(isSessionEnd, () => initialState);
  },
});

export const { toastAdded, toastRemoved, notificationShown, notificationHidden } =
  notifySlice.actions;
export const notifyReducer = notifySlice.reducer;

interface NotifyRootState {
  notify: NotifyState;
}
export const selectToasts = (state: NotifyRootState) => state.notify.toasts;
export const selectNotification = (state: NotifyRootState) => state.notify.notification;
