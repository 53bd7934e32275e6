import { useEffect } from 'react';
import { CAlert } from '@coreui/react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { notificationHidden, selectNotification, type Severity } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';

const COLORS: Record<Severity, 'success' | 'danger' | 'warning' | 'info'> = {
  success: 'success',
  error: 'danger',
  warning: 'warning',
  info: 'info',
};

/** One message at the bottom of the page that hides itself after 5000 ms (SPEC §4, §9). */
export function NotificationSnackbar() {
  const notification = useSelector(selectNotification);
  const dispatch = useLibDispatch();
  const { t } = useTranslation('common');

  useEffect(() => {
    if (!notification.open) return;
    const timer = window.setTimeout(
      () => dispatch(notificationHidden()),
      notification.autoHideDuration,
    );
    return () => window.clearTimeout(timer);
  }, [notification, dispatch]);

  if (!notification.open || !notification.severity) return null;
  return (
    <div
      className="position-fixed bottom-0 start-50 translate-middle-x p-3"
      style={{ zIndex: 1090, minWidth: 280, maxWidth: 560 }}
    >
      <CAlert
        color={COLORS[notification.severity]}
        dismissible
        ariaCloseLabel={t('close')}
        onClose={() => dispatch(notificationHidden())}
        role={notification.severity === 'error' ? 'alert' : 'status'}
        className="mb-0 shadow"
      >
        {notification.message}
      </CAlert>
    </div>
  );
}
