import { Fragment, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ChevronDownIcon, UserIcon } from '#web/components/ui/icons.tsx';
import { paths } from '#web/config/paths.ts';
import { useUserRole } from '#web/lib/user-role.ts';

const ITEMS = [
  { label: 'Profile', to: paths.profile() },
  { label: 'Orders', to: paths.orders() },
  { label: 'My designs', to: paths.myDesigns() },
  { label: 'Settings', to: paths.settings() },
  { label: 'Logout', to: paths.logout() },
] as const;

/** D25: the shop owner's screens, listed (before Logout) only for admins. */
const ADMIN_ITEM = { label: 'Admin', to: paths.admin() } as const;

/**
 * The open menu's items. Mounted only while the menu is open, so the role is
 * asked of the server (once per sign-in) only when a user opens the menu.
 */
function MenuItems({ onSelect }: { onSelect: () => void }) {
  const isAdmin = useUserRole() === 'admin';
  const items = isAdmin ? [...ITEMS.slice(0, -1), ADMIN_ITEM, ...ITEMS.slice(-1)] : ITEMS;
  return items.map((item) => (
    <Fragment key={item.label}>
      {item.label === 'Logout' ? <hr className="my-1.5 border-ink-200" /> : null}
      <Link
        to={item.to}
        role="menuitem"
        tabIndex={-1}
        onClick={onSelect}
        className="block rounded-lg px-3 py-2 text-sm text-ink-700 hover:bg-ink-100 hover:text-ink-900 focus-visible:bg-ink-100"
      >
        {item.label}
      </Link>
    </Fragment>
  ));
}

type FocusTarget = 'first' | 'last';

function menuItemsOf(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

/**
 * The signed-in shopper's menu (SPEC §2 Layout), built as an ARIA menu
 * button: Enter, Space or ↓ opens it on the first item, ↑ on the last; ↑ ↓
 * Home End move; Escape closes it and returns to the button; Tab, a click
 * outside or any navigation closes it.
 */
export function UserMenu() {
  const location = useLocation();
  // The menu belongs to the location it was opened on, so any navigation closes it.
  const [openAt, setOpenAt] = useState<{ key: string; focus: FocusTarget } | null>(null);
  const open = openAt !== null && openAt.key === location.key;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();

  const openMenu = (focus: FocusTarget) => setOpenAt({ key: location.key, focus });
  const close = ({ refocus }: { refocus: boolean }) => {
    setOpenAt(null);
    if (refocus) buttonRef.current?.focus();
  };

  const focusTarget = open ? openAt.focus : null;
  useEffect(() => {
    if (focusTarget === null) return;
    const all = menuItemsOf(menuRef.current);
    (focusTarget === 'first' ? all[0] : all.at(-1))?.focus();
  }, [focusTarget]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = menuItemsOf(menuRef.current);
    const current = all.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => all[(index + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(all.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close({ refocus: true });
        break;
      case 'Tab':
        close({ refocus: false });
        break;
    }
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close({ refocus: false }) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
        className="inline-flex h-10 items-center gap-1.5 rounded-full px-2.5 text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900 sm:px-3"
      >
        <UserIcon />
        <span className="sr-only sm:not-sr-only">Account</span>
        <ChevronDownIcon className="hidden size-4 sm:block" />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 mt-2 w-48 rounded-xl border border-ink-200 bg-white p-1.5 shadow-lg"
        >
          <MenuItems onSelect={() => setOpenAt(null)} />
        </div>
      ) : null}
    </div>
  );
}
