import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../screens';
import { StatusPage } from './status-page';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <StatusPage code="404" title={t('notFound.title')}>
      <p>{t('notFound.body')}</p>
      <Link to={paths.dashboard} className="btn btn-primary">
        {t('goToDashboard')}
      </Link>
    </StatusPage>
  );
}
