// The pages people open from a link they were given, on paper or in an e-mail (a team's
// invitation, a certificate's QR code, an account's verification or password reset), loaded
// together: each separately loaded file is named in the home page's script (the preload map),
// which has a size budget, and each of these is small. The privacy page rides along: linked from
// sign-up and the profile, it is small too, and a file of its own would cost the budget its name.
export { ResetPasswordPage } from '../../features/auth/ResetPasswordPage';
export { VerifyEmailPage } from '../../features/auth/VerifyEmailPage';
export { VerifyCertificatePage } from '../../features/certificates/VerifyCertificatePage';
export { InvitePage } from '../../features/invites/InvitePage';
export { PrivacyPage } from '../../features/privacy/PrivacyPage';
