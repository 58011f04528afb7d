import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

export interface NavigationMenu {
  open: boolean;
  /** Opens a closed menu, closes an open one. */
  toggle: () => void;
  close: () => void;
  /** The `id` of the folded part, for the button's `aria-controls`. */
  menuId: string;
  /** The menu's button, which gets focus back when Escape closes the menu. */
  toggleRef: RefObject<HTMLButtonElement | null>;
}

/**
 * A navigation folded behind a button on narrow screens (the shop's top bar,
 * the admin console's side navigation). The menu belongs to the location it
 * was opened on, so any navigation closes it; Escape closes it and puts focus
 * back on its button.
 */
export function useNavigationMenu(): NavigationMenu {
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return {
    open,
    toggle: () => setOpenAt(open ? null : location.key),
    close: () => setOpenAt(null),
    menuId,
    toggleRef,
  };
}
