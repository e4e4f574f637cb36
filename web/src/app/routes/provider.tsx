import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { isCatalogSection } from '../../features/provider-cabinet/components/catalog-tab';
import { ProviderCabinetFrame } from '../../features/provider-cabinet/components/provider-cabinet-frame';
import { isProviderTab } from '../../features/provider/components/provider-tabs';
import { useDocumentTitle } from '../../lib/document-title';
import { usePaths } from '../../lib/locale';
import type { CatalogSection, Paths, ProviderTab } from '../../lib/paths';

/** The views each catalogue sub-tab has below it (spec §2: enc list and confirm, s102 list; s100 list like s102; the others none). */
const catalogViews: Record<CatalogSection, readonly (string | undefined)[]> = {
  enc: ['list', 'confirm'],
  s102: ['list'],
  s100: ['list'],
  ntm: [undefined],
  poi: [undefined],
  msg: [undefined],
  raw: [undefined],
};

/**
 * The canonical address of an older `/provider?tab=&sub=&guid=` one (kept as an alias, so bookmarks
 * keep working); `/provider` itself opens the catalogue's chart list (spec §2).
 */
export function providerAliasTarget(paths: Paths, query: URLSearchParams): string {
  const tab = query.get('tab');
  const sub = query.get('sub') ?? undefined;
  const guid = query.get('guid');
  if (isProviderTab(tab) && tab !== 'catalog') return paths.providerTab(tab);
  if (guid && (sub === undefined || sub === 'enc')) return paths.encConfirm(guid);
  return paths.catalog(isCatalogSection(sub) ? sub : 'enc');
}

/** `/provider` and `/provider/geocontent`: redirect to the canonical address of the screen asked for. */
export function ProviderAliasRoute() {
  const paths = usePaths();
  const [searchParams] = useSearchParams();
  return <Navigate replace to={providerAliasTarget(paths, searchParams)} />;
}

/**
 * `/provider/geocontent/{licenses|products|my_distributors}` and
 * `/provider/geocontent/catalog/{enc/list|enc/confirm|s102/list|s100/list|ntm|poi|msg|raw}` (spec §2): the
 * provider's cabinet, its tab bar following the address. The current geocontent is kept by the server.
 */
export function ProviderRoute() {
  const paths = usePaths();
  const navigate = useNavigate();
  const { tab: tabParam, section: sectionParam, view } = useParams();
  useDocumentTitle('provider:title');

  const wanted = (sectionParam === undefined ? tabParam : 'catalog') ?? null;
  // Spec §2: any other path goes home.
  if (!isProviderTab(wanted)) return <Navigate replace to={paths.home()} />;
  const tab: ProviderTab = wanted;
  if (tab === 'catalog' && sectionParam === undefined) return <Navigate replace to={paths.catalog('enc')} />;
  const section: CatalogSection = isCatalogSection(sectionParam) ? sectionParam : 'enc';
  if (tab === 'catalog') {
    if (!isCatalogSection(sectionParam)) return <Navigate replace to={paths.home()} />;
    // `catalog/enc`, `catalog/s102` and `catalog/s100` open their list.
    if (view === undefined && !catalogViews[section].includes(undefined)) return <Navigate replace to={paths.catalog(section)} />;
    if (!catalogViews[section].includes(view)) return <Navigate replace to={paths.home()} />;
  }

  return (
    <ProviderCabinetFrame
      tab={tab}
      onTabChange={(next) => void navigate(paths.providerTab(next))}
      catalogSection={section}
      encView={view === 'confirm' ? 'confirm' : 'list'}
      onCatalogSectionChange={(next) => void navigate(paths.catalog(next))}
    />
  );
}
