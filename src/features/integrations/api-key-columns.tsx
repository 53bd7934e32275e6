/**
 * The columns of the API key list: name and prefix, status (a revoked key says who revoked it
 * and when), rights in words, departments, use, expiry.
 */
import { Fragment } from 'react';
import type { ApiKey, ApiKeyStatus } from '@contract/api-keys';
import type { DataColumn } from '@/components/data-table';
import { SoftBadge, type SoftTone } from '@/components/soft-badge';
import { formatDateTime } from '@/lib/dates';
import type { Translate } from '@/lib/error-text';
import { permissionLabel } from '@/lib/permission-labels';
import './api-keys.css';

const TONES: Record<ApiKeyStatus, SoftTone> = {
  active: 'success',
  expired: 'warning',
  revoked: 'secondary',
};

export function apiKeyColumns(t: Translate, locale: string): DataColumn<ApiKey>[] {
  const when = (iso: string | null) => (iso ? formatDateTime(iso, { locale }) : t('never'));
  return [
    {
      key: 'name',
      header: t('fields.name'),
      rowHeader: true,
      cell: (k) => (
        <>
          {k.name}
          <div className="small text-body-secondary fw-normal">
            <code>{k.prefix}…</code>
          </div>
        </>
      ),
    },
    {
      key: 'status',
      header: t('fields.status'),
      cell: (k) => (
        <>
          <SoftBadge tone={TONES[k.status]}>{t(`statuses.${k.status}`)}</SoftBadge>
          {k.revoked_at && (
            <div className="small text-body-secondary" data-testid="api-key-revoked">
              {k.revoked_by
                ? t('revokedByWhen', { who: k.revoked_by.name, when: when(k.revoked_at) })
                : t('revokedWhen', { when: when(k.revoked_at) })}
            </div>
          )}
        </>
      ),
    },
    {
      key: 'rights',
      header: t('fields.rights'),
      // The role form's words for each right; a line breaks between rights, never inside one.
      cell: (k) => (
        <span className="small" data-testid="api-key-rights">
          {k.permission_set.map((id, i) => (
            <Fragment key={id}>
              {i > 0 && ', '}
              <span className="api-key-right">{permissionLabel(t, id)}</span>
            </Fragment>
          ))}
        </span>
      ),
    },
    {
      key: 'departments',
      header: t('fields.departments'),
      cell: (k) => k.department_names.join(', '),
    },
    { key: 'expires', header: t('fields.expiresAt'), cell: (k) => when(k.expires_at) },
    {
      key: 'used',
      header: t('fields.lastUsed'),
      cell: (k) => (
        <>
          {when(k.last_used_at)}
          <div className="small text-body-secondary">
            {t('requests', { count: k.request_count })}
          </div>
        </>
      ),
    },
  ];
}
