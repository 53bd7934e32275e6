import { CToast, CToastBody, CToastClose, CToaster } from '@coreui/react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTOHIDE_MS, TOAST_MAX_WIDTH_PX, TOAST_MIN_WIDTH_PX } from '@contract/constants';
import { selectToasts, toastRemoved } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';

/** The header's menu toggle and the toaster's own padding, at the start of a narrow screen. */
const TOGGLE_ROOM = '4.5rem';

/**
 * Toasts, top-right, 140–360 px wide, closed by the user or after 10 s (SPEC §3, §4, §9). On a
 * phone they leave the header's start free: as wide as the screen they covered the sidebar's
 * toggle, the only way to the menu, for those 10 s.
 */
export function ToastsHost() {
  const toasts = useSelector(selectToasts);
  const dispatch = useLibDispatch();
  const { t } = useTranslation('common');
  return (
    <CToaster placement="top-end" className="p-3">
      {toasts.map((toast) => (
        <CToast
          key={toast.id}
          visible
          autohide={toast.autohide}
          delay={TOAST_AUTOHIDE_MS}
          className="align-items-center border"
          // The alerts' colours (subtle background, emphasis text) in either theme: white text
          // on the full-strength colours failed WCAG contrast for success, warning and info.
          style={{
            minWidth: TOAST_MIN_WIDTH_PX,
            maxWidth: `min(${TOAST_MAX_WIDTH_PX}px, 100vw - ${TOGGLE_ROOM})`,
            width: 'auto',
            color: `var(--cui-${toast.color}-text-emphasis)`,
            backgroundColor: `var(--cui-${toast.color}-bg-subtle)`,
            borderColor: `var(--cui-${toast.color}-border-subtle)`,
          }}
          onClose={() => dispatch(toastRemoved(toast.id))}
          role={toast.color === 'danger' ? 'alert' : 'status'}
          aria-live={toast.color === 'danger' ? 'assertive' : 'polite'}
        >
          <div className="d-flex">
            <CToastBody>{toast.message}</CToastBody>
            <CToastClose className="me-2 m-auto" aria-label={t('close')} />
          </div>
        </CToast>
      ))}
    </CToaster>
  );
}
