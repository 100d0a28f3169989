import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useDismiss } from './use-dismiss';

/**
 * The state of a menu opened by a button: closed by any navigation, by Escape inside `area`
 * (focus goes back to `trigger`) and by a press outside `area`.
 */
export function useDisclosure<Trigger extends HTMLElement, Area extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<Trigger>(null);
  const area = useRef<Area>(null);
  const location = useLocation();
  const close = () => setOpen(false);

  useEffect(() => setOpen(false), [location.key]);
  useDismiss(open, close, trigger, area);

  return { open, close, toggle: () => setOpen((shown) => !shown), trigger, area };
}
