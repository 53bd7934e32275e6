import { CButton, CFormSwitch } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LIST_DEFAULT } from '@contract/constants';
import type { Helpdesk } from '@contract/helpdesk-api';
import type { DataColumn } from '@/components/data-table';
import { ListPage, listTexts, updatedColumn } from '@/components/list-page';
import { editDeleteColumn } from '@/components/row-actions';
import { useToastedAction } from '@/components/use-toasted-action';
import type { Translate } from '@/lib/error-text';
import { useCan } from '@/lib/session/use-can';
import { useListParams } from '@/lib/use-list-params';
import { useListHelpdesksQuery, useUpdateHelpdeskMutation } from './helpdesk-api';
import type { HelpdeskLinks } from './helpdesk-links';

function helpdeskColumns(
  t: Translate,
  locale: string,
  onToggle: ((h: Helpdesk, on: boolean) => void) | null,
  updateLink: ((id: number) => string) | null,
): DataColumn<Helpdesk>[] {
  return [
    {
      key: 'name',
      header: t('fields.name'),
      rowHeader: true,
      cell: (h) => (updateLink ? <Link to={updateLink(h.id)}>{h.name}</Link> : h.name),
    },
    {
      key: 'status',
      header: t('fields.status'),
      cell: (h) => (
        <CFormSwitch
          id={`helpdesk-status-${h.id}`}
          label={t(h.status ? 'statuses.on' : 'statuses.off')}
          aria-label={t('toggleNamed', { name: h.name })}
          checked={h.status}
          disabled={!onToggle}
          onChange={(e) => onToggle?.(h, e.target.checked)}
        />
      ),
    },
    {
      key: 'site',
      header: t('fields.siteUrl'),
      cell: (h) => <span className="text-break">{h.site_url}</span>,
    },
    {
      key: 'departments',
      header: t('fields.departments'),
      cell: (h) => h.department_names.join(', '),
    },
    {
      key: 'pending',
      header: t('fields.pending'),
      cell: (h) => String(h.pending_deliveries),
    },
    updatedColumn(t, locale),
  ];
}

/** /integration/helpdesk (SPEC §2): the searchable helpdesks, their switch, edit by right. */
export function HelpdesksListPage({ links }: { links: HelpdeskLinks }) {
  const { t, i18n } = useTranslation(['helpdesk', 'errors']);
  const can = useCan();
  const [params, setParams] = useListParams([], LIST_DEFAULT.size);
  const list = useListHelpdesksQuery({
    page: params.page,
    size: params.size,
    search: params.search,
  });
  const [update] = useUpdateHelpdeskMutation();
  const run = useToastedAction();
  const mayUpdate = can.right('Helpdesk', 'UPDATE');

  const toggle = (h: Helpdesk, on: boolean) =>
    void run(
      () => update({ id: h.id, body: { status: on } }).unwrap(),
      () => t(on ? 'switchedOn' : 'switchedOff', { name: h.name }),
    );

  return (
    <ListPage
      title={t('title')}
      add={can.right('Helpdesk', 'ADD') && { to: links.add, text: t('add') }}
      above={
        <div className="d-flex flex-wrap justify-content-between gap-2 mb-2">
          <p className="text-body-secondary mb-0">{t('intro')}</p>
          <CButton as={Link} to={links.agents} color="secondary" variant="outline">
            {t('agents.manage')}
          </CButton>
        </div>
      }
      columns={helpdeskColumns(
        t,
        i18n.language,
        mayUpdate ? toggle : null,
        mayUpdate ? links.update : null,
      )}
      query={list}
      rowKey={(h) => h.id}
      rowProps={(h) => ({ 'data-testid': 'helpdesk-row', 'data-id': h.id })}
      rowActions={editDeleteColumn<Helpdesk>(t, {
        name: (h) => h.name,
        editTo: mayUpdate && ((h) => links.update(h.id)),
      })}
      params={params}
      setParams={setParams}
      {...listTexts(t)}
    />
  );
}
