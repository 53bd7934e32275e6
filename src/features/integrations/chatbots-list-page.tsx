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
import { chatbotColumns } from './chatbot-columns';
import type { ChatbotLinks } from './chatbot-links';
import {
  useDeleteChatbotMutation,
  useListChatbotsQuery,
  useSetChatbotStatusMutation,
} from './chatbots-api';

/**
 * /integration/chatbot (SPEC §2, §9: page 1, size 5): the searchable chat widgets with their
 * on/off switch (SPEC §4), view, edit and delete by right.
 */
export function ChatbotsListPage({ links }: { links: ChatbotLinks }) {
  const { t, i18n } = useTranslation(['chatbots', 'errors']);
  const can = useCan();
  const [params, setParams] = useListParams([], WIDGET_LIST_DEFAULT.size);
  const list = useListChatbotsQuery({
    page: params.page,
    size: params.size,
    search: params.search,
  });
  const [setStatus] = useSetChatbotStatusMutation();
  const [switching, setSwitching] = useState<ReadonlySet<number>>(new Set());
  const run = useToastedAction();
  const deletion = useConfirmedDelete(useDeleteChatbotMutation(), (w: ServiceAgent) =>
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
      add={can.route('addChatbot') && { to: links.add, text: t('add') }}
      above={<p className="text-body-secondary">{t('intro')}</p>}
      columns={chatbotColumns(t, i18n.language, {
        viewLink: can.route('viewChatbot') ? links.view : null,
        onToggle: can.right('Service_agent', 'UPDATE') ? (w, on) => void toggle(w, on) : null,
        toggling: (w) => switching.has(w.id),
      })}
      query={list}
      rowKey={(w) => w.id}
      rowProps={(w) => ({ 'data-testid': 'chatbot-row', 'data-client-id': w.client_id })}
      rowActions={editDeleteColumn(t, {
        name: (w) => w.client_name,
        editTo: can.route('editChatbot') && ((w) => links.edit(w.client_id)),
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
