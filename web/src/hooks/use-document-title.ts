import { useEffect } from 'react';
import { SITE_NAME } from '#web/config/site.ts';

/** Sets the tab title to "{title} · {shop}", or the shop's name alone without a title. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : `${SITE_NAME}: Custom T-Shirts & Clothing`;
  }, [title]);
}
