import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * While `open`, Escape pressed inside `area` closes and gives focus back to `trigger`, and a
 * press outside `area` or focus moving out of it (Tab past the last item) closes too. For menus that are not modal. Escape is handled by the
 * innermost open area only, so closing a menu inside another menu leaves the outer one open. A
 * modal dialog opened from the menu (Change Password) leaves it open: the dialog hands focus back
 * to the control that opened it, which a closed menu would hide.
 */
export function useDismiss(open: boolean, close: () => void, trigger: RefObject<HTMLElement | null>, area: RefObject<HTMLElement | null>): void {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    close();
    trigger.current?.focus();
  });
  // Under an open modal dialog the menu is out of reach: presses and focus are the dialog's.
  const outside = (target: EventTarget | null) => !area.current?.contains(target as Node) && !document.querySelector('[aria-modal="true"]');
  const onPointerDown = useEffectEvent((event: PointerEvent) => {
    if (outside(event.target)) close();
  });
  // Focus going nowhere (a click on the page) is the pointer's business; only a new owner outside counts.
  const onFocusOut = useEffectEvent((event: FocusEvent) => {
    if (event.relatedTarget && outside(event.relatedTarget)) close();
  });

  useEffect(() => {
    const element = area.current;
    if (!open || !element) return;
    const keyDown = (event: KeyboardEvent) => onKeyDown(event);
    const pointerDown = (event: PointerEvent) => onPointerDown(event);
    const focusOut = (event: FocusEvent) => onFocusOut(event);
    element.addEventListener('keydown', keyDown);
    element.addEventListener('focusout', focusOut);
    document.addEventListener('pointerdown', pointerDown);
    return () => {
      element.removeEventListener('keydown', keyDown);
      element.removeEventListener('focusout', focusOut);
      document.removeEventListener('pointerdown', pointerDown);
    };
  }, [open, area]);
}
