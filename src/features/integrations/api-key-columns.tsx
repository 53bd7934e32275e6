/** The columns of the API key list: name and prefix, status, rights, departments, use, expiry. */
import type { ApiKey, ApiKeyStatus } from '@contract/api-keys';
import { permissionById } from '@contract/permissions';
import type { DataColumn } from '@/components/data-table';
import { SoftBadge, type SoftTone } from '@/components/soft-badge';
import { formatDateTime } from '@/lib/dates';
import type { Translate } from '@/lib/error-text';

const TONES: Record<ApiKeyStatus, SoftTone> = {
  active: 'success',
  expired: 'warning',
  revoked: 'secondary',
};

const rightName = (id: number) => {
  const p = permissionById(id);
  return p ? `${p.module_name}.${p.action}` : `#${id}`;
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
      cell: (k) => <SoftBadge tone={TONES[k.status]}>{t(`statuses.${k.status}`)}</SoftBadge>,
    },
    {
      key: 'rights',
      header: t('fields.rights'),
      cell: (k) => (
        <span className="small text-break">{k.permission_set.map(rightName).join(', ')}</span>
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
