import { useEffect } from 'react';

/** Spec §9: the next page loads when the page is scrolled to within this many pixels of its bottom. */
export const nearBottomPixels = 100;

export function isNearBottom(scrollTop: number, viewportHeight: number, documentHeight: number): boolean {
  return documentHeight - (scrollTop + viewportHeight) <= nearBottomPixels;
}

/**
 * Calls `onNearBottom` when the window is scrolled near the bottom, and again whenever `contentKey`
 * changes (a page arrived that may not fill the screen).
 */
export function useNearBottom(onNearBottom: () => void, isEnabled: boolean, contentKey: unknown): void {
  useEffect(() => {
    if (!isEnabled) return;
    const check = () => {
      const root = document.documentElement;
      if (isNearBottom(window.scrollY, window.innerHeight, root.scrollHeight)) onNearBottom();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [onNearBottom, isEnabled, contentKey]);
}
