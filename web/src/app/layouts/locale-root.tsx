import type { Locale } from '@chartroom/contracts/constants';
import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader';
import { readAlertState, setAlert } from '../../lib/alert';
import { LocaleContext } from '../../lib/locale';

/** The root of one locale's tree (`/` for English, `/ru` for Russian). */
export function LocaleRoot({ locale }: { locale: Locale }) {
  const location = useLocation();

  // Any route change clears the alert; a redirect may bring its own in the navigation state.
  useEffect(() => {
    setAlert(readAlertState(location.state));
  }, [location.key, location.state]);

  return (
    <LocaleContext.Provider value={locale}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </LocaleContext.Provider>
  );
}
