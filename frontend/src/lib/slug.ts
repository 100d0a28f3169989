/**
 * The slug in an event page's address: the lowercased title with each run of spaces turned into
 * a hyphen and every character other than a-z, 0-9 and hyphens removed.
 */
export function toSlug(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '');
}
