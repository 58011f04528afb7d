import { useEffect } from 'react';
import { SITE_NAME } from '#web/config/site.ts';

/** "{title} · {shop}", or the shop's name alone without a title (the server's `<title>` too). */
export function documentTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : `${SITE_NAME}: Custom T-Shirts & Clothing`;
}

/** Sets the tab title to {@link documentTitle}. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
