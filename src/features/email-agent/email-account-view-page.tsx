import { CButton, CListGroup, CListGroupItem, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { EmailAccount, EmailHistoryEntry } from '@contract/email-agents';
import {
  DetailList,
  RecordWithHistory,
  SectionCard,
  useAuthorship,
} from '@/components/record-details';
import { RecordPage } from '@/components/record-page';
import { useToastedAction } from '@/components/use-toasted-action';
import { formatDateTime } from '@/lib/dates';
import { formatSeconds } from '@/lib/numbers';
import { useCan } from '@/lib/session/use-can';
import {
  useEmailAgentHistoryQuery,
  useEmailStatsQuery,
  useGetEmailAgentQuery,
  useSyncMailboxMutation,
} from './email-agent-api';
import type { EmailAgentLinks } from './email-agent-links';
import { historyFieldName } from './history-fields';

/** view-email-agent/{id} (SPEC §2): the account, its figures and every change and send. */
export function EmailAccountViewPage({ links }: { links: EmailAgentLinks }) {
  const { t } = useTranslation(['email-agent', 'errors']);
  const id = useParams().id ?? '';
  const can = useCan();
  const query = useGetEmailAgentQuery(id, { skip: !id });
  return (
    <RecordPage
      query={query}
      valid={Boolean(id)}
      title={(a) => a?.email ?? t('viewTitle')}
      actions={(a) =>
        can.right('Email_agent', 'UPDATE') && (
          <CButton as={Link} to={links.update(a.id)} color="primary">
            {t('edit')}
          </CButton>
        )
      }
      listPath={links.list}
      texts={{ notFound: t('notFound'), backToList: t('backToList') }}
    >
      {(a) => <AccountDetails account={a} links={links} />}
    </RecordPage>
  );
}

function AccountDetails({ account: a, links }: { account: EmailAccount; links: EmailAgentLinks }) {
  const { t, i18n } = useTranslation('email-agent');
  const can = useCan();
  const [sync, syncing] = useSyncMailboxMutation();
  const run = useToastedAction();
  const history = useEmailAgentHistoryQuery({ id: String(a.id), page: 1 });
  const stats = useEmailStatsQuery(String(a.id), { skip: !can.right('Email_agent', 'ANALYTICS') });
  const endpoint = (host?: string, port?: number, tls?: string) =>
    `${host}:${port} (${t(`tls.${tls}`)})`;

  return (
    <RecordWithHistory
      details={
        <>
          <SectionCard>
            <DetailList
              items={[
                [t('fields.title'), a.title],
                [t('fields.status'), t(a.status ? 'statuses.on' : 'statuses.off')],
                [t('fields.department'), a.department_name ?? ''],
                [t('imap'), endpoint(a.imap_host, a.imap_port, a.imap_tls)],
                [t('smtp'), endpoint(a.smtp_host, a.smtp_port, a.smtp_tls)],
                [t('fields.username'), a.username],
                [t('fields.requireApproval'), t(a.require_approval ? 'yes' : 'no')],
                [
                  t('fields.signature'),
                  a.signature ? (
                    <span style={{ whiteSpace: 'pre-wrap' }} dir="auto">
                      {a.signature}
                    </span>
                  ) : (
                    t('noSignature')
                  ),
                ],
                [
                  t('fields.lastSync'),
                  a.last_sync_at
                    ? formatDateTime(a.last_sync_at, { locale: i18n.language })
                    : t('never'),
                ],
                ...(a.last_sync_error
                  ? [
                      [
                        t('fields.syncError'),
                        // The server's sentence is English; its code is said in the reader's
                        // language (a server that predates codes leaves the sentence).
                        a.last_sync_error_code
                          ? t(`connectionFailure.${a.last_sync_error_code}`, {
                              host: a.imap_host ?? '',
                            })
                          : a.last_sync_error,
                      ] as [string, string],
                    ]
                  : []),
              ]}
            />
          </SectionCard>
          <div className="d-flex flex-wrap gap-2 my-3">
            <CButton as={Link} to={links.inbox(a.id)} color="secondary">
              {t('inbox')}
            </CButton>
            <CButton as={Link} to={links.drafts(a.id)} color="secondary">
              {t('drafts')}
            </CButton>
            <CButton as={Link} to={links.sent(a.id)} color="secondary">
              {t('sent')}
            </CButton>
            {can.right('Email_agent', 'UPDATE') && (
              <>
                <CButton as={Link} to={links.compose(a.id)} color="secondary">
                  {t('compose')}
                </CButton>
                <CButton
                  color="primary"
                  variant="outline"
                  disabled={syncing.isLoading}
                  onClick={() =>
                    void run(
                      () => sync(String(a.id)).unwrap(),
                      (r) => t('synced', { count: r.stored }),
                    )
                  }
                >
                  {t('syncNow')}
                </CButton>
              </>
            )}
          </div>
          {stats.data && (
            <SectionCard heading={t('figures')}>
              <DetailList
                items={[
                  [t('stats.received'), stats.data.received],
                  [t('stats.drafted'), stats.data.drafted],
                  [t('stats.noAnswer'), stats.data.no_answer],
                  [t('stats.pending'), stats.data.pending],
                  [t('stats.sent'), stats.data.sent],
                  [t('stats.skipped'), stats.data.skipped],
                  [
                    t('stats.median'),
                    stats.data.median_draft_seconds === null
                      ? '–'
                      : formatSeconds(stats.data.median_draft_seconds, i18n.language),
                  ],
                ]}
              />
            </SectionCard>
          )}
        </>
      }
      historyHeading={t('history')}
      history={
        history.isLoading ? (
          <CSpinner size="sm" />
        ) : (
          <HistoryList entries={history.data?.items ?? []} />
        )
      }
    />
  );
}

function HistoryList({ entries }: { entries: EmailHistoryEntry[] }) {
  const { t } = useTranslation('email-agent');
  const by = useAuthorship();
  if (entries.length === 0) return <p className="text-body-secondary">{t('noHistory')}</p>;
  return (
    <CListGroup data-testid="email-history">
      {entries.map((e) => (
        <CListGroupItem key={e.id}>
          <div className="fw-semibold">{t(`historyActions.${e.action}`)}</div>
          <div className="small text-body-secondary">
            {by(e.actor ?? { name: t('agent') }, e.created_at)}
          </div>
          {Object.keys(e.changes).length > 0 && (
            <div className="small text-break">
              {Object.keys(e.changes)
                .map((field) => historyFieldName(t, field))
                .join(', ')}
            </div>
          )}
        </CListGroupItem>
      ))}
    </CListGroup>
  );
}
