import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../screens';
import { StatusPage } from './status-page';

export function ForbiddenPage() {
  const { t } = useTranslation('common');
  return (
    <StatusPage code="403" title={t('forbidden.title')}>
      <p>{t('forbidden.body')}</p>
      <Link to={paths.dashboard} className="btn btn-primary">
        {t('goToDashboard')}
      </Link>
    </StatusPage>
  );
}
