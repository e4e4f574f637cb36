import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { PoiEditor } from '../../features/poi/components/poi-editor';
import { useDocumentTitle } from '../../lib/document-title';
import { useTranslation } from 'react-i18next';

/** `/provider/poi-editor?gcid=`: the full-window POI editor, opened in a new tab from the poi tab. */
export function PoiEditorRoute() {
  const { t } = useTranslation('catalog');
  const [searchParams] = useSearchParams();
  const gcid = Number(searchParams.get('gcid'));
  useDocumentTitle('catalog:editor.title');
  if (!Number.isInteger(gcid) || gcid <= 0) return <EmptyState title={t('editor.noGeocontent')} />;
  return <PoiEditor gcid={gcid} />;
}
