import { useState } from 'react';
import { CFormSwitch } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EMAIL_LIST_PAGE_SIZE } from '@contract/constants';
import type { EmailAccount } from '@contract/email-agents';
import type { DataColumn } from '@/components/data-table';
import { deletionTexts, ListPage, listTexts } from '@/components/list-page';
import { editDeleteColumn } from '@/components/row-actions';
import { useConfirmedDelete } from '@/components/use-confirmed-delete';
import { useToastedAction } from '@/components/use-toasted-action';
import { useCan } from '@/lib/session/use-can';
import { useListParams } from '@/lib/use-list-params';
import {
  useDeleteEmailAgentMutation,
  useListEmailAgentsQuery,
  useUpdateEmailAgentMutation,
} from './email-agent-api';
import type { EmailAgentLinks } from './email-agent-links';

/**
 * /integration/email-integration (SPEC §2, §9: size 100): the e-mail accounts with their on/off
 * switch (SPEC §4), each opening its view, inbox and edit form by right.
 */
export function EmailAccountsPage({ links }: { links: EmailAgentLinks }) {
  const { t } = useTranslation(['email-agent', 'errors']);
  const can = useCan();
  const [params, setParams] = useListParams([], EMAIL_LIST_PAGE_SIZE);
  // No search term at all (not '') on the first page: the sidebar's Email group reads that page.
  const list = useListEmailAgentsQuery({
    page: params.page,
    size: params.size,
    search: params.search || undefined,
  });
  const [update] = useUpdateEmailAgentMutation();
  const [switching, setSwitching] = useState<ReadonlySet<number>>(new Set());
  const run = useToastedAction();
  const deletion = useConfirmedDelete(useDeleteEmailAgentMutation(), (a: EmailAccount) =>
    t('deleted', { name: a.email }),
  );
  const mayUpdate = can.right('Email_agent', 'UPDATE');

  async function toggle(account: EmailAccount, on: boolean) {
    setSwitching((s) => new Set(s).add(account.id));
    await run(
      () => update({ id: account.id, body: { status: on } }).unwrap(),
      () => t(on ? 'switchedOn' : 'switchedOff', { name: account.email }),
    );
    setSwitching((s) => {
      const next = new Set(s);
      next.delete(account.id);
      return next;
    });
  }

  const columns: DataColumn<EmailAccount>[] = [
    {
      key: 'email',
      header: t('fields.email'),
      rowHeader: true,
      cell: (a) => (
        <>
          <Link to={links.view(a.id)}>{a.email}</Link>
          <div className="small text-body-secondary">{a.title}</div>
        </>
      ),
    },
    {
      key: 'status',
      header: t('fields.status'),
      cell: (a) => (
        <CFormSwitch
          id={`email-status-${a.id}`}
          label={t(a.status ? 'statuses.on' : 'statuses.off')}
          aria-label={t('toggleNamed', { name: a.email })}
          checked={a.status}
          disabled={!mayUpdate || switching.has(a.id)}
          onChange={(e) => void toggle(a, e.target.checked)}
        />
      ),
    },
    { key: 'department', header: t('fields.department'), cell: (a) => a.department_name ?? '' },
    {
      key: 'mailbox',
      header: t('mailbox'),
      cell: (a) => (
        <Link to={links.inbox(a.id)} target="_blank" rel="noopener noreferrer">
          {t('inbox')}
        </Link>
      ),
    },
  ];

  return (
    <ListPage
      title={t('title')}
      add={can.right('Email_agent', 'ADD') && { to: links.add, text: t('add') }}
      above={<p className="text-body-secondary">{t('intro')}</p>}
      columns={columns}
      query={list}
      rowKey={(a) => a.id}
      rowProps={(a) => ({ 'data-testid': 'email-account-row', 'data-email': a.email })}
      rowActions={editDeleteColumn(t, {
        name: (a) => a.email,
        editTo: mayUpdate && ((a) => links.update(a.id)),
        onDelete: can.right('Email_agent', 'DELETE') && deletion.ask,
      })}
      params={params}
      setParams={setParams}
      {...listTexts(t)}
      deletion={{
        flow: deletion,
        ...deletionTexts(t),
        question: (a) => t('confirmDelete', { name: a.email }),
      }}
    />
  );
}
