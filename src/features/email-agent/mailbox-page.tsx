import { useMemo, useState } from 'react';
import {
  CAlert,
  CButton,
  CCol,
  CListGroup,
  CListGroupItem,
  CNav,
  CNavItem,
  CNavLink,
  CRow,
  CSpinner,
} from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { MailFolder } from '@contract/email-mailbox';
import { ListPager } from '@/components/list-pager';
import { ListSearch } from '@/components/list-search';
import { PageHeader } from '@/components/page-header';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/lib/session/use-can';
import { useListParams } from '@/lib/use-list-params';
import { DraftsList } from './drafts-list';
import { useGetEmailAgentQuery, useMailMessagesQuery } from './email-agent-api';
import type { EmailAgentLinks } from './email-agent-links';
import { threadsOf, ThreadView } from './mail-thread';
import './email-agent.css';

type Tab = 'inbox' | 'drafts' | 'sent';

/** view-email-inbox/{id}, view-email-drafts/{id}, view-email-sent/{id}: {id} or the address. */
function Mailbox({ links, tab }: { links: EmailAgentLinks; tab: Tab }) {
  const { t } = useTranslation('email-agent');
  const id = useParams().id ?? '';
  const can = useCan();
  const account = useGetEmailAgentQuery(id, { skip: !id });
  if (account.isLoading) return <CSpinner aria-label={t('common:loading')} />;
  if (!account.data) return <CAlert color="warning">{t('notFound')}</CAlert>;
  const a = account.data;
  const tabs: [Tab, string][] = [
    ['inbox', links.inbox(id)],
    ['drafts', links.drafts(id)],
    ['sent', links.sent(id)],
  ];
  return (
    <>
      <PageHeader
        title={a.title ? `${a.title} · ${a.email}` : a.email}
        actions={
          can.right('Email_agent', 'UPDATE') && (
            <CButton as={Link} to={links.compose(a.id)} color="primary">
              {t('compose')}
            </CButton>
          )
        }
      />
      {/* CNav marks its list role=navigation; the <nav> already is one, so keep the list a list. */}
      <nav aria-label={t('mailbox')}>
        <CNav variant="tabs" className="mb-3" role="list">
          {tabs.map(([key, to]) => (
            <CNavItem key={key}>
              <CNavLink
                as={Link}
                to={to}
                active={key === tab}
                aria-current={key === tab ? 'page' : undefined}
              >
                {t(key)}
              </CNavLink>
            </CNavItem>
          ))}
        </CNav>
      </nav>
      {tab === 'drafts' ? (
        <DraftsList account={String(a.id)} signature={a.signature} />
      ) : (
        <Threads account={String(a.id)} folder={tab} />
      )}
    </>
  );
}

/** Inbox or Sent: its conversations, a page of messages at a time, searchable; the address keeps both. */
function Threads({ account, folder }: { account: string; folder: MailFolder }) {
  const { t, i18n } = useTranslation('email-agent');
  const [params, setParams] = useListParams();
  const list = useMailMessagesQuery({
    id: account,
    folder,
    page: params.page,
    size: params.size,
    search: params.search,
  });
  const threads = useMemo(() => threadsOf(list.data?.items ?? []), [list.data]);
  const [open, setOpen] = useState<string | null>(null);
  const shown = threads.find((th) => th.key === open) ?? threads[0];
  return (
    <>
      <div className="mb-3">
        <ListSearch
          value={params.search}
          onSearch={(search) => setParams({ search })}
          label={t('searchMail')}
        />
      </div>
      {list.isLoading ? (
        <CSpinner aria-label={t('common:loading')} />
      ) : threads.length === 0 ? (
        <p className="text-body-secondary">{t(params.search ? 'noMatchingMail' : 'noMessages')}</p>
      ) : (
        <CRow className="g-3">
          <CCol lg={4}>
            <CListGroup data-testid="mail-threads">
              {threads.map((th) => {
                const last = th.messages[th.messages.length - 1];
                return (
                  <CListGroupItem
                    key={th.key}
                    as="button"
                    type="button"
                    active={th === shown}
                    aria-pressed={th === shown}
                    onClick={() => setOpen(th.key)}
                  >
                    <div className="fw-semibold text-truncate">
                      {last.subject || t('noSubject')}
                    </div>
                    <div className="small text-truncate">
                      {folder === 'sent'
                        ? last.to.map((x) => x.address).join(', ')
                        : last.from.name || last.from.address}
                    </div>
                    <div className="small opacity-75">
                      {formatDateTime(last.date, { locale: i18n.language })}
                    </div>
                    {last.skipped && (
                      <div className="small fst-italic">
                        {last.skipped === 'failed' && last.draft_error
                          ? t('draftFailedBecause', {
                              reason: last.draft_error,
                              attempts: last.draft_attempts ?? 1,
                            })
                          : t(`skipped.${last.skipped}`)}
                      </div>
                    )}
                  </CListGroupItem>
                );
              })}
            </CListGroup>
          </CCol>
          <CCol lg={8}>{shown && <ThreadView account={account} thread={shown} />}</CCol>
        </CRow>
      )}
      {list.data && list.data.total > 0 && (
        <ListPager
          page={params.page}
          size={params.size}
          total={list.data.total}
          onPage={(page) => setParams({ page })}
          onSize={(size) => setParams({ size })}
          label={t('mailPages')}
        />
      )}
    </>
  );
}

export const InboxPage = ({ links }: { links: EmailAgentLinks }) => (
  <Mailbox links={links} tab="inbox" />
);
export const DraftsPage = ({ links }: { links: EmailAgentLinks }) => (
  <Mailbox links={links} tab="drafts" />
);
export const SentPage = ({ links }: { links: EmailAgentLinks }) => (
  <Mailbox links={links} tab="sent" />
);
