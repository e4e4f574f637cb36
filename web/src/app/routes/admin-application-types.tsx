import { ApplicationTypesView } from '../../features/application-types/components/application-types-view';
import { useDocumentTitle } from '../../lib/document-title';

/** The portal admin's register of navigation apps and their manufacturers' keys (issue 35). */
export function AdminApplicationTypesRoute() {
  useDocumentTitle('apptypes:title');
  return <ApplicationTypesView />;
}
