import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, kept up to date. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below Tailwind's `sm` breakpoint: the designer's phone layout (canvas on top, tools in a sheet). */
export const PHONE_QUERY = '(max-width: 639.98px)';

/**
 * 'touch' on a touch screen (a coarse pointer) or once a finger touched the
 * page, 'keys' once a key was pressed after that: the hint speaks of what the shopper uses.
 */
export function useInputKind(): 'touch' | 'keys' {
  const coarse = useMediaQuery('(pointer: coarse)');
  const [seen, setSeen] = useState<'touch' | 'keys' | null>(null);
  const kind = seen ?? (coarse ? 'touch' : 'keys');
  // The listeners set the state only when the answer changes: a touch or a key that changes nothing renders nothing.
  const kindNow = useRef(kind);
  useEffect(() => {
    kindNow.current = kind;
  }, [kind]);
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (event.pointerType === 'touch' && kindNow.current !== 'touch') setSeen('touch');
    };
    const onKey = () => {
      if (kindNow.current !== 'keys') setSeen('keys');
    };
    window.addEventListener('pointerdown', onPointer, { capture: true, passive: true });
    window.addEventListener('keydown', onKey, { capture: true, passive: true });
    return () => {
      window.removeEventListener('pointerdown', onPointer, { capture: true });
      window.removeEventListener('keydown', onKey, { capture: true });
    };
  }, []);
  return kind;
}
