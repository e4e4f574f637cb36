import { defaultLocale, type Locale } from '@chartroom/contracts/constants';
import { createContext, useContext, useMemo } from 'react';
import { buildPaths, type Paths } from './paths';

export const LocaleContext = createContext<Locale>(defaultLocale);

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/** Link builders bound to the current locale. */
export function usePaths(): Paths {
  const locale = useLocale();
  return useMemo(() => buildPaths(locale), [locale]);
}
