import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** Typing settles for this long before a search runs (the spec's filter and staff search delay). */
const SEARCH_DELAY_MS = 300;

/**
 * A search box's text and the query it asks for: the trimmed text once typing has settled,
 * `ready` when that query is long enough to run. `initial` is searched at once (a link's search).
 */
export function useSearchText(minChars: number, initial = '') {
  const [text, setText] = useState(initial);
  const query = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  return { text, setText, query, ready: query.length >= Math.max(1, minChars), minChars };
}

export type SearchText = ReturnType<typeof useSearchText>;
