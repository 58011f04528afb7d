import { NotFoundView } from '#web/components/ui/not-found-view.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** Any path the app does not know. */
export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <NotFoundView title="Page not found">
      We could not find that page. It may have moved, or the link may be mistyped.
    </NotFoundView>
  );
}
