import { CToast, CToastBody, CToastClose, CToaster } from '@coreui/react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTOHIDE_MS, TOAST_MAX_WIDTH_PX, TOAST_MIN_WIDTH_PX } from '@contract/constants';
import { selectToasts, toastRemoved } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';

/** The header's menu toggle and the toaster's own padding, at the start of a narrow screen. */
const TOGGLE_ROOM = '4.5rem';

/**
 * Places the toaster in the header's free stretch, between its menu toggle and its controls
 * (theme, language, user menu), and again whenever the header resizes. Toasts over the header's
 * end covered those controls for their 10 s, and below the header they covered the pages' own
 * top-right buttons (Add …) instead; the stretch between is the one place at the top right that
 * hides no control (on a phone a toast of three lines may reach the edge of a page's Add button,
 * never its middle). `--toast-room` is that stretch's width. A ref callback, as the toaster's
 * element is replaced once CToaster has found the portal's container; without a header (the
 * sign-in pages) the toaster keeps its corner.
 */
function placeBesideHeaderControls(toaster: HTMLDivElement | null) {
  const header = document.querySelector('.header-sticky');
  const controls = header?.querySelector('.header-controls');
  if (!toaster || !header || !controls) return;
  const toggle = header.querySelector('.header-toggler');
  const place = () => {
    const rtl = getComputedStyle(toaster).direction === 'rtl';
    const width = document.documentElement.clientWidth;
    const c = controls.getBoundingClientRect();
    const t = toggle?.getBoundingClientRect();
    // Distances from the screen's inline end to the controls, and from its start past the toggle.
    const end = rtl ? c.right : width - c.left;
    const start = t ? (rtl ? width - t.left : t.right) : 0;
    toaster.style.marginInlineEnd = `${Math.max(0, end)}px`;
    toaster.style.setProperty('--toast-room', `${Math.max(0, width - end - start)}px`);
  };
  place();
  if (typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(place);
  observer.observe(header);
  observer.observe(controls);
  return () => observer.disconnect();
}

/**
 * Toasts, top-right, 140–360 px wide, closed by the user or after 10 s (SPEC §3, §4, §9), at most
 * three at once (the notify slice). They sit beside the header's controls, never over them, and
 * leave a phone's menu toggle free.
 */
export function ToastsHost() {
  const toasts = useSelector(selectToasts);
  const dispatch = useLibDispatch();
  const { t } = useTranslation('common');
  return (
    <CToaster ref={placeBesideHeaderControls} placement="top-end" className="px-3 pt-2">
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
            // Stacked closer than CoreUI's 1.5rem, so three toasts reach less far down the page.
            ['--cui-toast-spacing' as string]: '0.5rem',
            minWidth: TOAST_MIN_WIDTH_PX,
            maxWidth: `min(${TOAST_MAX_WIDTH_PX}px, var(--toast-room, 100vw - ${TOGGLE_ROOM}) - 2rem)`,
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
