import { Link, NavLink } from 'react-router';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { CartIcon, CloseIcon, HeartIcon, LogoMark, MenuIcon } from '#web/components/ui/icons.tsx';
import { paths } from '#web/config/paths.ts';
import { SITE_NAME } from '#web/config/site.ts';
import { useHydrated } from '#web/hooks/use-hydrated.ts';
import { type NavigationMenu, useNavigationMenu } from '#web/hooks/use-navigation-menu.ts';
import { useAuthToken } from '#web/lib/auth-token.ts';
import { SearchForm } from './search-form.tsx';
import { UserMenu } from './user-menu.tsx';

const NAV_LINKS = [
  { label: 'Home', to: paths.home(), end: true },
  { label: 'Products', to: paths.products(), end: false },
  { label: 'Contact', to: paths.contact(), end: false },
] as const;

interface SiteHeaderProps {
  /** Lines in the cart; the badge shows when above 0. */
  cartCount: number;
}

/**
 * The phone's menu button. Tapped before React takes over, the menu would not
 * open (decision 027), so it waits for hydration, on its own: the switch
 * re-renders this button, not the whole bar (decision 080).
 */
function MenuButton({ menu }: { menu: NavigationMenu }) {
  const hydrated = useHydrated();
  return (
    <button
      ref={menu.toggleRef}
      type="button"
      aria-label="Menu"
      aria-expanded={menu.open}
      aria-controls={menu.menuId}
      disabled={!hydrated}
      onClick={menu.toggle}
      className="inline-flex size-10 items-center justify-center rounded-full text-ink-700 hover:bg-ink-100 hover:text-ink-900 md:hidden"
    >
      {menu.open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
    </button>
  );
}

/** The fixed top bar (SPEC §2 Layout); under the md breakpoint the links and search fold into a menu. */
export function SiteHeader({ cartCount }: SiteHeaderProps) {
  const token = useAuthToken();
  const menu = useNavigationMenu();

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-ink-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:gap-6 lg:px-8">
        <Link
          to={paths.home()}
          className="flex shrink-0 items-center gap-2 rounded-md text-lg font-extrabold tracking-tight text-ink-900"
        >
          <LogoMark className="size-8 text-brand-600" />
          <span>{SITE_NAME}</span>
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.label}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    `rounded-full px-3 py-2 text-sm font-medium transition-colors ${
                      isActive
                        ? 'bg-ink-100 text-ink-900'
                        : 'text-ink-600 hover:bg-ink-100 hover:text-ink-900'
                    }`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <SearchForm className="ml-auto hidden w-full max-w-xs md:flex" />

        <div className="ml-auto flex items-center gap-1 sm:gap-2 md:ml-0">
          <Link
            to={paths.wishlist()}
            aria-label="Wishlist"
            className="inline-flex size-10 items-center justify-center rounded-full text-ink-700 hover:bg-ink-100 hover:text-ink-900"
          >
            <HeartIcon className="size-6" />
          </Link>
          <Link
            to={paths.cart()}
            aria-label={
              cartCount > 0 ? `Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}` : 'Cart'
            }
            className="relative inline-flex size-10 items-center justify-center rounded-full text-ink-700 hover:bg-ink-100 hover:text-ink-900"
          >
            <CartIcon className="size-6" />
            {cartCount > 0 ? (
              <span
                aria-hidden="true"
                className="absolute top-0.5 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-[0.6875rem] font-bold text-white"
              >
                {cartCount > 99 ? '99+' : cartCount}
              </span>
            ) : null}
          </Link>

          {token ? (
            <UserMenu />
          ) : (
            <Link to={paths.login()} className={buttonStyles({ size: 'sm', className: 'px-4' })}>
              Login
            </Link>
          )}

          <MenuButton menu={menu} />
        </div>
      </div>

      <div
        id={menu.menuId}
        hidden={!menu.open}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-ink-200 bg-white px-4 pt-4 pb-6 shadow-lg md:hidden"
      >
        <SearchForm className="w-full" />
        <nav aria-label="Mobile" className="mt-4">
          <ul className="flex flex-col gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.label}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  onClick={menu.close}
                  className={({ isActive }) =>
                    `block rounded-xl px-4 py-3 text-base font-medium ${
                      isActive ? 'bg-ink-100 text-ink-900' : 'text-ink-700 hover:bg-ink-100'
                    }`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
