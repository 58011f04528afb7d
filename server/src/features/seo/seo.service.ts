import type { CatalogueService } from '#server/features/catalogue/catalogue.service.ts';

/** Pages a crawler should find besides the products (issue 14). */
const PUBLIC_PAGES = ['/', '/products', '/about', '/contact'];

/**
 * A shopper's own pages and the API: nothing there for a search engine. Not
 * /cart: a visitor's cart lives in their browser, so a crawler sees an empty
 * cart with links to the catalogue, and Lighthouse's SEO audit fails a page
 * no crawler may read (issue 14: SEO 100 on the four measured pages).
 */
const PRIVATE_PREFIXES = [
  '/admin',
  '/checkout',
  '/payment-done/',
  '/profile',
  '/orders',
  '/order/',
  '/settings',
  '/api/',
];

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** robots.txt and sitemap.xml, with absolute links to the shop's public origin. */
export function createSeoService(
  deps: { catalogue: Pick<CatalogueService, 'listLiveProductDates'> },
  publicUrl: string,
) {
  return {
    robotsTxt(): string {
      return [
        'User-agent: *',
        'Allow: /',
        ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
        '',
        `Sitemap: ${publicUrl}/sitemap.xml`,
        '',
      ].join('\n');
    },

    /** The public pages and every product on sale (archived ones have left the shop, D25). */
    async sitemapXml(): Promise<string> {
      const products = await deps.catalogue.listLiveProductDates();
      const entries = [
        ...PUBLIC_PAGES.map((path) => `<url><loc>${xmlEscape(publicUrl + path)}</loc></url>`),
        ...products.map(
          ({ id, updatedAt }) =>
            `<url><loc>${xmlEscape(`${publicUrl}/product/${id}`)}</loc><lastmod>${updatedAt.toISOString()}</lastmod></url>`,
        ),
      ];
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...entries,
        '</urlset>',
        '',
      ].join('\n');
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
