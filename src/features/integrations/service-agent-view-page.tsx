import { CButton, CCol, CRow } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { ServiceAgent } from '@contract/service-agent';
import { DetailList, SectionCard, useAuthorship } from '@/components/record-details';
import { RecordPage } from '@/components/record-page';
import { SoftBadge } from '@/components/soft-badge';
import { useCan } from '@/lib/session/use-can';
import type { ServiceAgentLinks } from './service-agent-links';
import { useGetServiceAgentQuery } from './service-agent-api';
import { EmbedSnippet } from './embed-snippet';
import { VisitorConversations } from './visitor-conversations';
import { WidgetPreview } from './widget-preview';
import './service-agent.css';

/**
 * view-chatbot/{client_id} (SPEC §2): the widget's settings, the snippet to embed it, how it
 * looks, and its visitors' conversations.
 */
export function ServiceAgentViewPage({ links }: { links: ServiceAgentLinks }) {
  const { t } = useTranslation(['service-agent', 'errors']);
  const clientId = useParams().Client_id ?? '';
  const can = useCan();
  const query = useGetServiceAgentQuery(clientId, { skip: !clientId });
  return (
    <RecordPage
      query={query}
      valid={Boolean(clientId)}
      title={(w) => (w ? t('viewTitleNamed', { name: w.client_name }) : t('viewTitle'))}
      actions={(w) =>
        can.route('editServiceAgent') && (
          <CButton as={Link} to={links.edit(w.client_id)} color="primary">
            {t('edit')}
          </CButton>
        )
      }
      listPath={links.list}
      texts={{ notFound: t('notFound'), backToList: t('backToList') }}
    >
      {(widget) => <ChatbotDetails widget={widget} />}
    </RecordPage>
  );
}

function Swatch({ colour }: { colour: string }) {
  return (
    <span className="d-inline-flex align-items-center gap-2">
      <span
        className="d-inline-block border rounded"
        style={{ width: '1.25rem', height: '1.25rem', background: colour }}
        aria-hidden="true"
      />
      <code>{colour}</code>
    </span>
  );
}

function ChatbotDetails({ widget }: { widget: ServiceAgent }) {
  const { t, i18n } = useTranslation('service-agent');
  const by = useAuthorship();
  return (
    <CRow className="g-4">
      <CCol xl={7} className="d-flex flex-column gap-4">
        <SectionCard heading={t('embed.heading')}>
          <EmbedSnippet widget={widget} />
        </SectionCard>
        <SectionCard heading={t('settingsHeading')}>
          <DetailList
            items={[
              [t('fields.name'), widget.client_name],
              [t('fields.key'), <code className="text-break">{widget.client_id}</code>],
              [
                t('fields.status'),
                <SoftBadge tone={widget.status ? 'success' : 'secondary'}>
                  {t(widget.status ? 'statuses.on' : 'statuses.off')}
                </SoftBadge>,
              ],
              [t('fields.targetAreas'), widget.target_area_names.join(', ')],
              [
                t('fields.allowedHosts'),
                <ul className="list-unstyled mb-0">
                  {widget.allowed_hosts.map((h) => (
                    <li key={h}>
                      <code>{h}</code>
                    </li>
                  ))}
                </ul>,
              ],
              [t('fields.bgColor'), <Swatch colour={widget.bg_color} />],
              [t('fields.fgColor'), <Swatch colour={widget.fg_color} />],
              [
                t('fields.dailyQuota'),
                t('todayOfQuota', {
                  count: widget.messages_today,
                  quota: widget.daily_message_quota.toLocaleString(i18n.language),
                }),
              ],
              [t('fields.createdAt'), by(widget.created_by, widget.created_at)],
              [t('fields.updatedAt'), by(widget.updated_by, widget.updated_at)],
            ]}
          />
        </SectionCard>
        <SectionCard heading={t('conversations.heading')}>
          <VisitorConversations clientId={widget.client_id} />
        </SectionCard>
      </CCol>
      <CCol xl={5}>
        <SectionCard>
          <WidgetPreview
            name={widget.client_name}
            fg={widget.fg_color}
            bg={widget.bg_color}
            welcome={widget.welcome_message}
          />
        </SectionCard>
      </CCol>
    </CRow>
  );
}
