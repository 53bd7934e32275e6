import { CCard, CCardBody, CCardText, CCardTitle } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Rule } from '@contract/access';
import type { ActionName, ModuleName } from '@contract/permissions';
import { routeRules, type RouteRuleKey } from '@contract/route-rules';
import { PageHeading } from '@/components/page-heading';
import { actionLabel, moduleLabel } from '@/lib/permission-labels';
import { useCan } from '@/lib/session/use-can';
import type { ServiceAgentLinks } from './service-agent-links';

/** The integration areas after the service agents, in the order they are shown. */
const AREAS = ['emailAgents', 'helpdeskIntegration', 'databases', 'apiIntegration'] as const;
type AreaKey = 'serviceAgents' | (typeof AREAS)[number];
type Right = [ModuleName, ActionName];

/**
 * Areas whose route is open (SPEC §6) but whose list the API gives only with a right: database
 * sources are Documents data (the db-sources routes ask Documents.LIST_VIEW or VIEW). The API
 * integration page is for everyone (its call guide; the key list follows Roles rights there).
 */
const API_RIGHTS: Partial<Record<AreaKey, Right[]>> = {
  databases: [
    ['Documents', 'LIST_VIEW'],
    ['Documents', 'VIEW'],
  ],
};

/** The rights a route rule asks for, any one of which opens it. */
function rightsOf(rule: Rule): Right[] {
  if (rule.kind === 'perm') return [[rule.module, rule.action]];
  if (rule.kind === 'any' || rule.kind === 'all') return rule.rules.flatMap(rightsOf);
  return [];
}

/** Where an area's list is, and the route rule that opens it (none: the API decides). */
export interface IntegrationArea {
  path: string;
  rule?: RouteRuleKey;
}

/**
 * /integration (SPEC §2): every integration area with what it is for, each a link to its list.
 * An area the person may not open stays on the page, dimmed, saying which right opens it:
 * this page is where people learn what can be connected, and a card that vanished would leave
 * them not knowing the area exists or whom to ask (hiding is the sidebar's job).
 */
export function IntegrationsPage({
  links,
  areas,
}: {
  links: ServiceAgentLinks;
  /** The areas by key (the app layer passes them). */
  areas: Record<(typeof AREAS)[number], IntegrationArea>;
}) {
  const { t } = useTranslation(['service-agent', 'nav', 'roles']);
  const can = useCan();
  const cards: { key: AreaKey; path: string; rule?: RouteRuleKey }[] = [
    { key: 'serviceAgents', path: links.list, rule: 'serviceAgent' },
    ...AREAS.map((key) => ({ key, ...areas[key] })),
  ];
  return (
    <>
      <PageHeading>{t('nav:pages.integrations')}</PageHeading>
      <ul className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 list-unstyled">
        {cards.map(({ key, path, rule }) => {
          const needed = [...(rule ? rightsOf(routeRules[rule]) : []), ...(API_RIGHTS[key] ?? [])];
          const open =
            (!rule || can.route(rule)) &&
            (!API_RIGHTS[key] || API_RIGHTS[key].some(([m, a]) => can.right(m, a)));
          const title = t(`nav:pages.${key}`);
          return (
            <li key={key} className="col" data-testid="integration-card" data-area={key}>
              <CCard className={open ? 'h-100' : 'h-100 bg-body-tertiary'} aria-disabled={!open}>
                <CCardBody>
                  <CCardTitle as="h2" className="h6">
                    {open ? (
                      <Link to={path} className="stretched-link text-decoration-none">
                        {title}
                      </Link>
                    ) : (
                      <span className="text-body-secondary">{title}</span>
                    )}
                  </CCardTitle>
                  <CCardText className="text-body-secondary">{t(`areas.${key}`)}</CCardText>
                  {!open && (
                    <CCardText className="small text-body-secondary fst-italic">
                      {t('areas.needs', {
                        rights: needed
                          .map(([m, a]) => `${moduleLabel(t, m)} · ${actionLabel(t, a)}`)
                          .join(t('areas.or')),
                      })}
                    </CCardText>
                  )}
                </CCardBody>
              </CCard>
            </li>
          );
        })}
      </ul>
    </>
  );
}
