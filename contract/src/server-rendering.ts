import type { Product, ProductFilters, ProductPage } from './catalogue.ts';
import type { ProductReviewsPage } from './reviews.ts';
import type { SharedDesign } from './shared-designs.ts';

/**
 * What the server hands the web app's server entry (web/src/entry-server.tsx)
 * to read the catalogue with: its own service, never HTTP to itself
 * (decision 022). Each method answers as the API would, or throws an error
 * with the API's `status` and message (an unknown product: 404).
 */
export interface CatalogueReader {
  /** `query` as the URL carries it (lists comma-joined), parsed by the server as the API parses it. */
  listProducts(query: Record<string, string>): Promise<ProductPage>;
  getProduct(id: string): Promise<Product>;
  getProductFilters(): Promise<ProductFilters>;
  /** The first page of a product's visible reviews, newest first, with their summary (D28). */
  listProductReviews(id: string): Promise<ProductReviewsPage>;
  /** A saved design shared by its link (issue 29); a stopped link: 404. */
  getSharedDesign(token: string): Promise<SharedDesign>;
}

/** One server-rendered page, as pieces the server puts into the built index.html. */
export interface RenderedPage {
  status: 200 | 404;
  /** `<title>`, description, canonical, Open Graph and Twitter tags, JSON-LD blocks. */
  head: string;
  /** The app's markup, for `<div id="root">`. */
  html: string;
  /**
   * The page's lazily loaded route module, as the browser build's manifest
   * names it (`src/app/routes/product.tsx`): the browser loads it before it
   * hydrates, so the server tells it to fetch it at once.
   */
  routeModule: string | undefined;
  /** The query cache as a non-executed `<script type="application/json">` block, for after the root. */
  stateScript: string;
}

/** The web app's server entry, as the server imports it from the SSR build. */
export interface ServerEntry {
  /** The page at `url` (path and query), or undefined when that page is rendered in the browser only. */
  renderPage(
    url: string,
    options: { catalogue: CatalogueReader; publicUrl: string },
  ): Promise<RenderedPage | undefined>;
  /**
   * The route module of a page rendered in the browser only that the server
   * has the browser fetch beside the entry (the guest's cart), else undefined.
   */
  browserPageModule(path: string): string | undefined;
}

/**
 * The browser build's two entries, as its manifest names them: the app
 * (index.html's script, `main.tsx`), and the only script a server-rendered
 * page starts with, which imports the app once the page has painted
 * (decision 027).
 */
export const BROWSER_ENTRIES = {
  app: 'index.html',
  afterPaint: 'src/entry-after-paint.ts',
} as const;
