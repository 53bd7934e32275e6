import { CAlert } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

// Not in auth-shell.tsx: the shell is in /login's first download, and the alert brings its
// transition code, which the sign-in screen does not draw.
/** A finished step (verified, password reset): what happened, and the way to sign in. */
export function DoneThenSignIn({ message, loginTo }: { message: string; loginTo: string }) {
  const { t } = useTranslation('common');
  return (
    <>
      <CAlert color="success" role="status">
        {message}
      </CAlert>
      <Link to={loginTo} className="btn btn-primary">
        {t('signIn')}
      </Link>
    </>
  );
}
