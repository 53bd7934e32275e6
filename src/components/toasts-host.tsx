import { CToast, CToastBody, CToastClose, CToaster } from '@coreui/react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTOHIDE_MS, TOAST_MAX_WIDTH_PX, TOAST_MIN_WIDTH_PX } from '@contract/constants';
import { selectToasts, toastRemoved } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';

/**
 * Places the toaster below the console's sticky header (the layout's CHeader
 * position="sticky"; none on the sign-in pages), and again whenever the header resizes. The
 * placement's class fixes `top: 0 !important`, so a margin moves it down. A ref callback, as
 * the toaster's element is replaced once CToaster has found the portal's container. The host
 * mounts afresh with the first toast after none, so the header is looked for then.
 */
function placeBelowStickyHeader(toaster: HTMLDivElement | null) {
  const header = document.querySelector('.header-sticky');
  if (!toaster || !header) return;
  const place = () => {
    toaster.style.marginTop = `${header.getBoundingClientRect().height}px`;
  };
  place();
  if (typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(place);
  observer.observe(header);
  return () => observer.disconnect();
}

/**
 * Toasts, top-right, 140–360 px wide, closed by the user or after 10 s (SPEC §3, §4, §9). They
 * start below the header: on top of it they covered the user menu, and at 390 px (a toast is as
 * wide as the screen) the sidebar's toggle, the only way to the menu, for those 10 s.
 */
export function ToastsHost() {
  const toasts = useSelector(selectToasts);
  const dispatch = useLibDispatch();
  const { t } = useTranslation('common');
  return (
    <CToaster ref={placeBelowStickyHeader} placement="top-end" className="p-3">
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
            maxWidth: TOAST_MAX_WIDTH_PX,
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
