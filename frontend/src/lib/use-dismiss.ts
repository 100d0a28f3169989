import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * While `open`, Escape pressed inside `area` closes and gives focus back to `trigger`, and a
 * press outside `area` closes too. For menus that are not modal. Escape is handled by the
 * innermost open area only, so closing a menu inside another menu leaves the outer one open.
 */
export function useDismiss(open: boolean, close: () => void, trigger: RefObject<HTMLElement | null>, area: RefObject<HTMLElement | null>): void {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    close();
    trigger.current?.focus();
  });
  const onPointerDown = useEffectEvent((event: PointerEvent) => {
    if (!area.current?.contains(event.target as Node)) close();
  });

  useEffect(() => {
    const element = area.current;
    if (!open || !element) return;
    const keyDown = (event: KeyboardEvent) => onKeyDown(event);
    const pointerDown = (event: PointerEvent) => onPointerDown(event);
    element.addEventListener('keydown', keyDown);
    document.addEventListener('pointerdown', pointerDown);
    return () => {
      element.removeEventListener('keydown', keyDown);
      document.removeEventListener('pointerdown', pointerDown);
    };
  }, [open, area]);
}
