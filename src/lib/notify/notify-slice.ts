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

const notifySlice = createSlice({
  name: 'notify',
  initialState,
  reducers: {
    toastAdded: {
      reducer: (state, action: PayloadAction<Toast>) => {
        state.toasts.push(action.payload);
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
