import {
  customisedUnitPrice,
  formatRupees,
  type Product,
  type ProductPage,
  type Review,
  sharedDesignImagePath,
} from '#contract';
import { paths } from '#web/config/paths.ts';
import { SITE_DESCRIPTION, SITE_NAME } from '#web/config/site.ts';
import { writeProductsView } from '#web/features/catalogue/utils/products-view.ts';
import { isOutOfStock } from '#web/features/catalogue/utils/stock.ts';
import { documentTitle } from '#web/hooks/use-document-title.ts';
import type { PageData } from './page-data.ts';

/** Search engines show about this much of a description. */
const DESCRIPTION_LENGTH = 160;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** JSON for a `<script type="application/ld+json">`: `<` escaped, so no text can close the block. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_LENGTH
    ? flat
    : `${flat.slice(0, DESCRIPTION_LENGTH - 1).replace(/\s+\S*$/, '')}…`;
}

interface Head {
  title: string;
  description: string;
  /** Path and query of the page's one address (filters and search are part of it). */
  canonicalPath: string;
  type: 'website' | 'product';
  image: string | undefined;
  structuredData: object[];
  /** A page only its link leads to: kept out of search engines. */
  unlisted?: boolean;
}

function productsList(page: ProductPage, absolute: (path: string) => string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: page.results.map((product, index) => ({
      '@type': 'ListItem',
      position: (page.page - 1) * page.limit + index + 1,
      url: absolute(paths.product(product._id)),
      name: product.title,
    })),
  };
}

/** The reviews the page shows, newest first, as schema.org reviews (D28: each from a buyer). */
function reviewData(reviews: Review[]) {
  return reviews.map((review) => ({
    '@type': 'Review',
    name: review.title,
    reviewBody: review.text,
    datePublished: review.createdAt.slice(0, 10),
    author: { '@type': 'Person', name: review.author },
    reviewRating: {
      '@type': 'Rating',
      ratingValue: review.rating,
      bestRating: 5,
      worstRating: 1,
    },
  }));
}

function productData(product: Product, reviews: Review[], absolute: (path: string) => string) {
  const url = absolute(paths.product(product._id));
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      '@id': url,
      name: product.title,
      description: product.description,
      sku: product._id,
      category: product.category,
      image: product.images.map((image) => absolute(image.url)),
      offers: {
        '@type': 'Offer',
        url,
        price: product.price.toFixed(2),
        priceCurrency: 'INR',
        availability: isOutOfStock(product.sizes)
          ? 'https://schema.org/OutOfStock'
          : 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
      // D28: the average of visible reviews; a product nobody reviewed has no rating to claim.
      ...(product.reviewCount > 0 && {
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: product.rating,
          reviewCount: product.reviewCount,
          bestRating: 5,
          worstRating: 1,
        },
      }),
      ...(reviews.length > 0 && { review: reviewData(reviews) }),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { name: 'Home', path: paths.home() },
        { name: 'Products', path: paths.products() },
        { name: product.title, path: paths.product(product._id) },
      ].map(({ name, path }, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name,
        item: absolute(path),
      })),
    },
  ];
}

function headOf(data: PageData, absolute: (path: string) => string): Head {
  switch (data.page) {
    case 'home':
      return {
        title: documentTitle(),
        description: SITE_DESCRIPTION,
        canonicalPath: paths.home(),
        type: 'website',
        image: data.latest?.results[0]?.images[0]?.url,
        structuredData: data.latest ? [productsList(data.latest, absolute)] : [],
      };
    case 'products': {
      const query = writeProductsView(data.view).toString();
      const { search } = data.view;
      return {
        title: documentTitle(search ? `Search: ${search}` : 'Products'),
        description: search
          ? shorten(`${SITE_NAME} products matching “${search}”: tees and clothing, prices in ₹.`)
          : `Every tee, hoodie and everyday piece at ${SITE_NAME}: filter by size, category and price, prices in ₹.`,
        canonicalPath: query ? `${paths.products()}?${query}` : paths.products(),
        type: 'website',
        image: data.results?.results[0]?.images[0]?.url,
        structuredData: data.results ? [productsList(data.results, absolute)] : [],
      };
    }
    case 'product': {
      const { product } = data;
      return {
        title: documentTitle(product ? product.title : 'Product not found'),
        description: product
          ? shorten(product.description)
          : 'We could not find this product. It may no longer be on sale.',
        canonicalPath: paths.product(data.id),
        type: product ? 'product' : 'website',
        image: product?.images[0]?.url,
        structuredData: product ? productData(product, data.reviews?.results ?? [], absolute) : [],
      };
    }
    case 'sharedDesign': {
      const { shared } = data;
      const price =
        shared &&
        customisedUnitPrice(shared.product.price, shared.product.customisation, shared.design);
      return {
        title: documentTitle(shared ? shared.name : 'This design is no longer shared'),
        description: shared
          ? shorten(
              `A design on the ${shared.product.title} in ${shared.product.color.name}, ${formatRupees(price ?? 0)} each. Customise a copy of your own at ${SITE_NAME}.`,
            )
          : 'Its owner may have stopped sharing it, or the link may be mistyped.',
        canonicalPath: paths.sharedDesign(data.token),
        type: 'website',
        image: shared ? sharedDesignImagePath(shared.token) : undefined,
        structuredData: [],
        unlisted: true,
      };
    }
  }
}

/**
 * The page's `<head>` tags: title, description, canonical URL, Open Graph
 * and Twitter card, and JSON-LD (issue 14), with absolute URLs on `publicUrl`.
 */
export function pageHead(data: PageData, publicUrl: string): string {
  const absolute = (path: string) => new URL(path, `${publicUrl}/`).href;
  const head = headOf(data, absolute);
  const canonical = absolute(head.canonicalPath);
  const image = head.image ? absolute(head.image) : undefined;
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...(head.unlisted ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    ...(image ? [meta('property', 'og:image', image)] : []),
    ...(data.page === 'product' && data.product
      ? [
          meta('property', 'product:price:amount', data.product.price.toFixed(2)),
          meta('property', 'product:price:currency', 'INR'),
        ]
      : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    ...head.structuredData.map(
      (data) => `<script type="application/ld+json">${scriptJson(data)}</script>`,
    ),
  ].join('\n    ');
}
