/**
 * The API's origin as configured (VITE_API_URL). Empty means the page's own origin; an address
 * without a scheme gets https:// so a bare host name still works.
 */
export function resolveApiOrigin(configured: string | undefined): string {
  const value = configured?.trim() ?? '';
  if (!value) return '';
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  return withScheme.replace(/\/+$/, '');
}
