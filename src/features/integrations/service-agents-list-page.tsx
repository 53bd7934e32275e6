import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WIDGET_LIST_DEFAULT } from '@contract/constants';
import type { ServiceAgent } from '@contract/service-agent';
import { deletionTexts, ListPage, listTexts } from '@/components/list-page';
import { editDeleteColumn } from '@/components/row-actions';
import { useConfirmedDelete } from '@/components/use-confirmed-delete';
import { useToastedAction } from '@/components/use-toasted-action';
import { useCan } from '@/lib/session/use-can';
import { useListParams } from '@/lib/use-list-params';
import { serviceAgentColumns } from './service-agent-columns';
import type { ServiceAgentLinks } from './service-agent-links';
import {
  useDeleteServiceAgentMutation,
  useListServiceAgentsQuery,
  useSetServiceAgentStatusMutation,
} from './service-agent-api';

/**
 * /integration/chatbot (SPEC §2, §9: page 1, size 5): the searchable chat widgets with their
 * on/off switch (SPEC §4), view, edit and delete by right.
 */
export function ServiceAgentsListPage({ links }: { links: ServiceAgentLinks }) {
  const { t, i18n } = useTranslation(['service-agent', 'errors']);
  const can = useCan();
  const [params, setParams] = useListParams([], WIDGET_LIST_DEFAULT.size);
  const list = useListServiceAgentsQuery({
    page: params.page,
    size: params.size,
    search: params.search,
  });
  const [setStatus] = useSetServiceAgentStatusMutation();
  const [switching, setSwitching] = useState<ReadonlySet<number>>(new Set());
  const run = useToastedAction();
  const deletion = useConfirmedDelete(useDeleteServiceAgentMutation(), (w: ServiceAgent) =>
    t('deleted', { name: w.client_name }),
  );

  async function toggle(widget: ServiceAgent, on: boolean) {
    setSwitching((s) => new Set(s).add(widget.id));
    await run(
      () => setStatus({ id: widget.id, status: on }).unwrap(),
      () => t(on ? 'switchedOn' : 'switchedOff', { name: widget.client_name }),
    );
    setSwitching((s) => {
      const next = new Set(s);
      next.delete(widget.id);
      return next;
    });
  }

  return (
    <ListPage
      title={t('title')}
      add={can.route('addServiceAgent') && { to: links.add, text: t('add') }}
      above={<p className="text-body-secondary">{t('intro')}</p>}
      columns={serviceAgentColumns(t, i18n.language, {
        viewLink: can.route('viewServiceAgent') ? links.view : null,
        onToggle: can.right('Service_agent', 'UPDATE') ? (w, on) => void toggle(w, on) : null,
        toggling: (w) => switching.has(w.id),
      })}
      query={list}
      rowKey={(w) => w.id}
      rowProps={(w) => ({ 'data-testid': 'chatbot-row', 'data-client-id': w.client_id })}
      rowActions={editDeleteColumn(t, {
        name: (w) => w.client_name,
        editTo: can.route('editServiceAgent') && ((w) => links.edit(w.client_id)),
        onDelete: can.right('Service_agent', 'DELETE') && deletion.ask,
      })}
      params={params}
      setParams={setParams}
      {...listTexts(t)}
      deletion={{
        flow: deletion,
        ...deletionTexts(t),
        question: (w) => t('confirmDelete', { name: w.client_name }),
      }}
    />
  );
}
