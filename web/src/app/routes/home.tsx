import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { DESIGN_YOUR_OWN, NEWSLETTER_DISCOUNT_PERCENT } from '#contract';
import heroTees from '#web/assets/hero-tees.svg';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import {
  ArrowRightIcon,
  ExchangeIcon,
  type IconProps,
  ReturnIcon,
  SupportIcon,
} from '#web/components/ui/icons.tsx';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { type ProductsState, useProducts } from '#web/features/catalogue/api/list-products.ts';
import { ProductGrid } from '#web/features/catalogue/components/product-grid.tsx';
import { RecentlyViewed } from '#web/features/catalogue/components/recently-viewed.tsx';
import { NewsletterForm } from '#web/features/messages/components/newsletter-form.tsx';
import {
  SavedProductsProvider,
  wishlistHeartFor,
} from '#web/features/wishlist/components/wishlist-heart.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** SPEC §9: 10 products in Latest, 5 in Best Sellers; D23 says which. */
export const LATEST_QUERY = { sortBy: 'newest', limit: 10 } as const;
export const BEST_SELLERS_QUERY = { sortBy: 'bestSelling', limit: 5 } as const;

const BENEFITS: { title: string; text: string; Icon: ComponentType<IconProps> }[] = [
  {
    title: '7 days free returns',
    text: 'Return any item free within 7 days of delivery.',
    Icon: ReturnIcon,
  },
  {
    title: 'Easy exchange policy',
    text: 'Swap for another size in stock from your order page.',
    Icon: ExchangeIcon,
  },
  { title: '24/7 customer support', text: 'We are here whenever you need us.', Icon: SupportIcon },
];

/** The home page (SPEC §2 Home). */
export function HomeRoute() {
  useDocumentTitle();
  const latest = useProducts(LATEST_QUERY);
  const bestSellers = useProducts(BEST_SELLERS_QUERY);
  const firstLoad = latest.isLoading || bestSellers.isLoading;

  return (
    <SavedProductsProvider>
      {firstLoad ? <FullScreenSpinner label="Loading products" /> : null}
      <Hero />
      <ProductSection
        id="latest"
        title="Latest Collection"
        intro="Fresh drops, just landed in the shop."
        state={latest}
        emptyText="No products found."
      />
      <ProductSection
        id="best-sellers"
        title="Best Sellers"
        intro="The tees everyone keeps coming back for."
        state={bestSellers}
        emptyText="No best sellers found."
        gridClassName="grid-cols-2 md:grid-cols-3 lg:grid-cols-5"
      />
      <div className="mx-auto max-w-7xl px-4 pb-10 sm:px-6 lg:px-8">
        <RecentlyViewed cardAction={wishlistHeartFor} />
      </div>
      <Benefits />
      <NewsletterBlock />
    </SavedProductsProvider>
  );
}

function Hero() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-10 sm:px-6 md:grid-cols-2 md:py-12 lg:px-8">
        <div>
          <p className="inline-flex rounded-full bg-amber-100 px-3 py-1 text-xs font-bold tracking-widest text-amber-900">
            NEW ARRIVALS
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-ink-900 sm:text-5xl lg:text-6xl">
            Stand Out with Custom Tees
          </h1>
          <p className="mt-5 max-w-lg text-lg text-ink-600">
            Soft 100% cotton tees and everyday clothing, ready to make your own. Free shipping on
            every order.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <Link to={paths.products()} className={buttonStyles({ size: 'lg' })}>
              Explore More
              <ArrowRightIcon className="size-5" />
            </Link>
            <Link
              to={paths.products({ customisable: true })}
              className={buttonStyles({ size: 'lg', variant: 'outline' })}
            >
              {DESIGN_YOUR_OWN}
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-ink-700">
            <li className="flex items-center gap-2">
              <span aria-hidden="true" className="size-2 rounded-full bg-brand-600" />
              100% cotton
            </li>
            <li className="flex items-center gap-2">
              <span aria-hidden="true" className="size-2 rounded-full bg-brand-600" />
              Free shipping
            </li>
            <li className="flex items-center gap-2">
              <span aria-hidden="true" className="size-2 rounded-full bg-brand-600" />
              Made to order
            </li>
          </ul>
        </div>
        <img
          src={heroTees}
          alt="Three t-shirts with custom prints: indigo, black and amber"
          width={640}
          height={560}
          fetchPriority="high"
          className="mx-auto w-full max-w-md lg:max-w-lg"
        />
      </div>
    </section>
  );
}

interface ProductSectionProps {
  id: string;
  title: string;
  intro: string;
  state: ProductsState;
  emptyText: string;
  gridClassName?: string;
}

function ProductSection({
  id,
  title,
  intro,
  state,
  emptyText,
  gridClassName,
}: ProductSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
            {title}
          </h2>
          <p className="mt-1 text-ink-600">{intro}</p>
        </div>
        <Link
          to={paths.products()}
          className="inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-brand-700 hover:text-brand-800"
        >
          View all
          <span className="sr-only"> products</span>
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>
      {state.error && !state.data ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-4 rounded-2xl border border-red-200 bg-red-50 px-4 py-10 text-center"
        >
          <p className="text-red-800">{state.error.message}</p>
          <button
            type="button"
            onClick={() => void state.refetch()}
            className={buttonStyles({ variant: 'outline', size: 'sm' })}
          >
            Try again
          </button>
        </div>
      ) : state.data ? (
        <ProductGrid
          products={state.data.results}
          emptyText={emptyText}
          className={gridClassName}
          cardAction={wishlistHeartFor}
        />
      ) : null}
    </section>
  );
}

function Benefits() {
  return (
    <section aria-label="Why shop with us" className="border-y border-ink-200 bg-ink-50">
      <ul className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:grid-cols-3 sm:px-6 lg:px-8">
        {BENEFITS.map(({ title, text, Icon }) => (
          <li key={title} className="flex items-center gap-4">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-white text-brand-600 shadow-sm ring-1 ring-ink-200">
              <Icon className="size-6" />
            </span>
            <div>
              <p className="font-semibold text-ink-900">{title}</p>
              <p className="text-sm text-ink-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function NewsletterBlock() {
  return (
    <section aria-labelledby="newsletter-heading" className="px-4 py-16 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-3xl rounded-3xl bg-brand-600 px-6 py-12 text-center text-white sm:px-12">
        <h2 id="newsletter-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Subscribe &amp; Get {NEWSLETTER_DISCOUNT_PERCENT}% Off
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-brand-100">
          Join our newsletter for {NEWSLETTER_DISCOUNT_PERCENT}% off an order, early access to new
          drops and members-only offers.
        </p>
        <div className="mx-auto mt-8 max-w-md">
          <NewsletterForm />
        </div>
      </div>
    </section>
  );
}
