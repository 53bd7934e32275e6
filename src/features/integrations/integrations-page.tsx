import { CCard, CCardBody, CCardText, CCardTitle } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeading } from '@/components/page-heading';
import type { RouteRuleKey } from '@contract/route-rules';
import { useCan } from '@/lib/session/use-can';
import type { ServiceAgentLinks } from './service-agent-links';

/** The integration areas after the service agents, in the order they are shown. */
const AREAS = ['emailAgents', 'helpdeskIntegration', 'databases', 'apiIntegration'] as const;

/** Where an area's list is, and the route rule that opens it (none: the API decides). */
export interface IntegrationArea {
  path: string;
  rule?: RouteRuleKey;
}

/**
 * /integration (SPEC §2): the integration areas, each a link to its list for the people who
 * may open it, and only its name for the others.
 */
export function IntegrationsPage({
  links,
  areas,
}: {
  links: ServiceAgentLinks;
  /** The areas by key (the app layer passes them). */
  areas: Record<(typeof AREAS)[number], IntegrationArea>;
}) {
  const { t } = useTranslation(['service-agent', 'nav']);
  const can = useCan();
  return (
    <>
      <PageHeading>{t('nav:pages.integrations')}</PageHeading>
      <ul className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 list-unstyled">
        <li className="col">
          <CCard className="h-100">
            <CCardBody>
              <CCardTitle as="h2" className="h6">
                {can.route('serviceAgent') ? (
                  <Link to={links.list} className="stretched-link text-decoration-none">
                    {t('nav:pages.serviceAgents')}
                  </Link>
                ) : (
                  t('nav:pages.serviceAgents')
                )}
              </CCardTitle>
              <CCardText className="text-body-secondary">{t('intro')}</CCardText>
            </CCardBody>
          </CCard>
        </li>
        {AREAS.map((key) => {
          const area = areas[key];
          const open = !area.rule || can.route(area.rule);
          return (
            <li key={key} className="col">
              <CCard className="h-100">
                <CCardBody>
                  <CCardTitle as="h2" className="h6">
                    {open ? (
                      <Link to={area.path} className="stretched-link text-decoration-none">
                        {t(`nav:pages.${key}`)}
                      </Link>
                    ) : (
                      t(`nav:pages.${key}`)
                    )}
                  </CCardTitle>
                </CCardBody>
              </CCard>
            </li>
          );
        })}
      </ul>
    </>
  );
}
