import { useEffect, useState } from 'react';

/** `value`, but only once it has stayed unchanged for `delayMs`. Pass a stable value (state), not a fresh literal. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
