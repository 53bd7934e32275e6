import { CCard, CCardBody, CCardText, CCardTitle } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeading } from '@/components/page-heading';
import { useCan } from '@/lib/session/use-can';
import type { ChatbotLinks } from './chatbot-links';

/** Integration areas a later release builds (their screens say "not available yet"). */
const LATER = ['emailAgents', 'helpdeskIntegration', 'databases', 'apiIntegration'] as const;

/**
 * /integration (SPEC §2): the integration areas. Chatbots (issue 13) open from here; the others
 * are named with what they will be.
 */
export function IntegrationsPage({
  links,
  areas = {},
}: {
  links: ChatbotLinks;
  /** The areas that are built, by key: their list's address (the app layer passes them). */
  areas?: Partial<Record<(typeof LATER)[number], string>>;
}) {
  const { t } = useTranslation(['chatbots', 'nav', 'common']);
  const can = useCan();
  return (
    <>
      <PageHeading>{t('nav:pages.integrations')}</PageHeading>
      <ul className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 list-unstyled">
        <li className="col">
          <CCard className="h-100">
            <CCardBody>
              <CCardTitle as="h2" className="h6">
                {can.route('chatbot') ? (
                  <Link to={links.list} className="stretched-link text-decoration-none">
                    {t('nav:pages.chatbots')}
                  </Link>
                ) : (
                  t('nav:pages.chatbots')
                )}
              </CCardTitle>
              <CCardText className="text-body-secondary">{t('intro')}</CCardText>
            </CCardBody>
          </CCard>
        </li>
        {LATER.map((area) => (
          <li key={area} className="col">
            <CCard className="h-100">
              <CCardBody>
                <CCardTitle as="h2" className="h6">
                  {areas[area] ? (
                    <Link to={areas[area]} className="stretched-link text-decoration-none">
                      {t(`nav:pages.${area}`)}
                    </Link>
                  ) : (
                    t(`nav:pages.${area}`)
                  )}
                </CCardTitle>
                {!areas[area] && (
                  <CCardText className="text-body-secondary">
                    {t('common:notAvailable.title')}
                  </CCardText>
                )}
              </CCardBody>
            </CCard>
          </li>
        ))}
      </ul>
    </>
  );
}
