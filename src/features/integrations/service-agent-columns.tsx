/** The columns of the chat widget list: name and key, on/off, what it answers from, where, today. */
import { CFormSwitch } from '@coreui/react';
import { Link } from 'react-router-dom';
import type { ServiceAgent } from '@contract/service-agent';
import type { DataColumn } from '@/components/data-table';
import { updatedColumn } from '@/components/list-page';
import type { Translate } from '@/lib/error-text';

const SHOWN_HOSTS = 3;

export function serviceAgentColumns(
  t: Translate,
  locale: string,
  options: {
    viewLink: ((clientId: string) => string) | null;
    /** Switches a widget on or off; null when the person may not. */
    onToggle: ((widget: ServiceAgent, on: boolean) => void) | null;
    toggling: (widget: ServiceAgent) => boolean;
  },
): DataColumn<ServiceAgent>[] {
  const { viewLink, onToggle, toggling } = options;
  return [
    {
      key: 'name',
      header: t('fields.name'),
      rowHeader: true,
      cell: (w) => (
        <>
          {viewLink ? <Link to={viewLink(w.client_id)}>{w.client_name}</Link> : w.client_name}
          <div className="small text-body-secondary fw-normal text-break">
            <code>{w.client_id}</code>
          </div>
        </>
      ),
    },
    {
      key: 'status',
      header: t('fields.status'),
      cell: (w) => (
        <CFormSwitch
          id={`service-agent-status-${w.id}`}
          label={t(w.status ? 'statuses.on' : 'statuses.off')}
          aria-label={t('toggleNamed', { name: w.client_name })}
          checked={w.status}
          disabled={!onToggle || toggling(w)}
          onChange={(e) => onToggle?.(w, e.target.checked)}
        />
      ),
    },
    {
      key: 'areas',
      header: t('fields.targetAreas'),
      cell: (w) => w.target_area_names.join(', '),
    },
    {
      key: 'hosts',
      header: t('fields.allowedHosts'),
      cell: (w) => {
        const rest = w.allowed_hosts.length - SHOWN_HOSTS;
        return (
          <span className="text-break">
            {w.allowed_hosts.slice(0, SHOWN_HOSTS).join(', ')}
            {rest > 0 && ` ${t('moreHosts', { count: rest })}`}
          </span>
        );
      },
    },
    {
      key: 'today',
      header: t('fields.today'),
      cell: (w) =>
        t('todayOfQuota', {
          count: w.messages_today,
          quota: w.daily_message_quota.toLocaleString(locale),
        }),
    },
    updatedColumn(t, locale),
  ];
}
