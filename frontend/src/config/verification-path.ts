/**
 * The public page that verifies a certificate (`paths.verifyCertificate` with its code), written
 * out rather than through React Router's `generatePath`: only these pages need it, and the router's
 * library code is counted in the home page's script.
 */
export const verificationPath = (code: string): string => `/verify/${encodeURIComponent(code)}`;
