import { useState, type ReactNode } from 'react';
import { CCard, CCardBody, CCardHeader } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { Actor, HistoryAction } from '@contract/identity';
import { formatDateTime } from '@/lib/dates';
import { ConfirmModal } from './confirm-modal';
import { SoftBadge, type SoftTone } from './soft-badge';
import { ToneButton } from './tone-button';

export interface HistoryItem {
  id: number;
  action: HistoryAction;
  changed_by: Actor;
  changed_at: string;
  restored_from: number | null;
}

export interface HistoryTimelineProps<T extends HistoryItem> {
  /** Newest first, as the API answers. */
  entries: readonly T[];
  /** What changed in one entry. */
  renderChanges: (entry: T) => ReactNode;
  /** Whether the signed-in person may restore at all (the UPDATE right). */
  canRestore: boolean;
  /** Whether this entry holds a version to go back to (not a deletion, not the current one). */
  isRestorable: (entry: T, index: number) => boolean;
  confirmMessage: (entry: T) => string;
  /** Performs the restore; rejects on failure (the caller reports it). */
  onRestore: (entry: T) => Promise<void>;
  label: string;
}

const ACTION_COLORS: Record<HistoryAction, SoftTone> = {
  create: 'success',
  update: 'info',
  delete: 'danger',
  restore: 'warning',
};

/**
 * The change history of a user or a role: who changed it, when, and what; every earlier version
 * can be brought back after a confirmation.
 */
export function HistoryTimeline<T extends HistoryItem>(props: HistoryTimelineProps<T>) {
  const { t, i18n } = useTranslation('common');
  const [pending, setPending] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      await props.onRestore(pending);
      setPending(null);
    } catch {
      // The caller has reported the failure; keep the dialog so it can be tried again.
    } finally {
      setBusy(false);
    }
  }

  if (props.entries.length === 0)
    return <p className="text-body-secondary">{t('history.empty')}</p>;

  return (
    <>
      <ol className="list-unstyled mb-0" aria-label={props.label}>
        {props.entries.map((entry, index) => {
          const who = entry.changed_by?.name ?? t('history.system');
          const when = formatDateTime(entry.changed_at, { locale: i18n.language });
          const restorable = props.canRestore && props.isRestorable(entry, index);
          return (
            <li key={entry.id} className="mb-3">
              <CCard>
                <CCardHeader className="d-flex flex-wrap align-items-center gap-2">
                  <SoftBadge tone={ACTION_COLORS[entry.action]}>
                    {t(`history.actions.${entry.action}`)}
                  </SoftBadge>
                  <span>
                    {t('history.byWhoWhen', { who, when })}
                    {entry.restored_from !== null && (
                      <> · {t('history.restoredFrom', { version: entry.restored_from })}</>
                    )}
                  </span>
                  <span className="text-body-secondary small">
                    {t('history.version', { version: entry.id })}
                  </span>
                  {index === 0 && entry.action !== 'delete' && (
                    <SoftBadge tone="secondary">{t('history.current')}</SoftBadge>
                  )}
                  {restorable && (
                    <ToneButton
                      tone="warning"
                      size="sm"
                      className="ms-auto"
                      aria-label={t('history.restoreVersion', { version: entry.id })}
                      onClick={() => setPending(entry)}
                    >
                      {t('history.restore')}
                    </ToneButton>
                  )}
                </CCardHeader>
                <CCardBody>{props.renderChanges(entry)}</CCardBody>
              </CCard>
            </li>
          );
        })}
      </ol>
      <ConfirmModal
        visible={pending !== null}
        title={t('history.confirmTitle')}
        message={pending ? props.confirmMessage(pending) : ''}
        confirmLabel={t('history.restore')}
        confirmColor="warning"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
