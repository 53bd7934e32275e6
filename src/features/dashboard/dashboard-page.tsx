import { lazy, Suspense, useState } from 'react';
import { CCard, CCardBody, CCardTitle, CCardText } from '@coreui/react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import type { LiveDashboard } from '@contract/live-dashboard-schema';
import { liveParts, type LiveParts } from '@contract/live-parts';
import { Link } from 'react-router-dom';
import { PageHeading } from '@/components/page-heading';
import { displayName, selectAccessSubject, selectProfile } from '@/lib/session/session-slice';
import { areasFor, type DashboardArea } from './dashboard-areas';
import { LiveSection, type LiveLinks } from './live-layout';
import { useDrawn } from './use-drawn';

// The live figures' reader brings the API cache code: loaded once the dashboard has been painted.
const LiveFeed = lazy(() => import('./live-figures').then((m) => ({ default: m.LiveFeed })));

/**
 * /dashboard: a welcome with the user's name, their live figures and one card per
 * area they may open.
 */
export function DashboardPage({
  areas,
  links,
}: {
  areas: readonly DashboardArea[];
  links: LiveLinks;
}) {
  const { t } = useTranslation('dashboard');
  const profile = useSelector(selectProfile);
  const subject = useSelector(selectAccessSubject);
  const shown = subject ? areasFor(subject, areas) : [];
  const parts: LiveParts = subject
    ? liveParts(subject)
    : { conversations: false, documents: false, widgets: false };
  const name = profile ? profile.first_name || displayName(profile) : '';
  const drawn = useDrawn();
  // Drawn from the first paint with placeholders where the figures go, then filled in place.
  const [live, setLive] = useState<LiveDashboard>();

  return (
    <>
      <PageHeading>{name ? t('welcome', { name }) : t('welcomeAnonymous')}</PageHeading>
      <p className="text-body-secondary">{t('intro')}</p>
      <LiveSection parts={parts} data={live} links={links} />
      {drawn && (
        <Suspense fallback={null}>
          <LiveFeed onData={setLive} />
        </Suspense>
      )}
      <h2 className="h5 mt-4 mb-3">{t('shortcuts')}</h2>
      {shown.length === 0 ? (
        <p>{t('noAreas')}</p>
      ) : (
        <ul className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 list-unstyled">
          {shown.map((area) => (
            <li key={area.key} className="col">
              <CCard className="h-100">
                <CCardBody>
                  <CCardTitle as="h3" className="h6">
                    <Link to={area.to} className="stretched-link text-decoration-none">
                      {t(area.titleKey)}
                    </Link>
                  </CCardTitle>
                  <CCardText className="text-body-secondary">{t(area.descriptionKey)}</CCardText>
                </CCardBody>
              </CCard>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
