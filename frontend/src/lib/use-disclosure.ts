import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useDismiss } from './use-dismiss';

/**
 * The state of a menu opened by a button: closed by any navigation, by Escape inside `area`
 * (focus goes back to `trigger`) and by a press outside `area`. `triggerProps` make a button
 * the menu's toggle, announcing whether the panel `panelId` is open.
 */
export function useDisclosure<Area extends HTMLElement>(panelId: string) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const area = useRef<Area>(null);
  const location = useLocation();
  const close = () => setOpen(false);

  useEffect(() => setOpen(false), [location.key]);
  useDismiss(open, close, trigger, area);

  const triggerProps = {
    ref: trigger,
    type: 'button' as const,
    'aria-expanded': open,
    'aria-controls': panelId,
    onClick: () => setOpen((shown) => !shown),
  };
  return { open, close, trigger, area, triggerProps };
}
