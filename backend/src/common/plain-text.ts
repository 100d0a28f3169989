/**
 * Characters nobody means to type into a name others will read: controls (line breaks and tabs
 * included), invisible format characters (zero-width spaces and joiners, U+2060, U+FEFF, the
 * bidirectional marks, embeddings, overrides and isolates that make text read backwards) and the
 * line and paragraph separators.
 */
export const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * Text that a reader or a mail client takes for a link: a scheme (`http://`, any `name://`),
 * `www.` starting a word, or a domain followed by a path (`site.tld/`).
 */
export const READS_AS_LINK = /[a-z][a-z\d+.-]*:\/\/|(?<![\p{L}\p{N}])www\.|[\p{L}\p{N}-]\.\p{L}{2,}\//iu;

/**
 * User-written text as inert words for an e-mail: its hidden characters dropped and, when it
 * reads as a link, its dots and scheme written `[.]` and `[:]//` so no mail client makes a link
 * of it. Names are checked when they are written; this covers one stored before a rule existed.
 */
export function unlinked(text: string): string {
  const visible = text.replace(new RegExp(HIDDEN_CHARACTER, 'gu'), '');
  return READS_AS_LINK.test(visible) ? visible.replace(/:\/\//g, '[:]//').replace(/\./g, '[.]') : visible;
}
