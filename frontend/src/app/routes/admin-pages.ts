// The admin pages, loaded together on the first visit to any of them: each separately loaded
// file is named in the home page's script (the preload map), which has a size budget, and the
// few people who use one admin page use the others.
export { AuditPage } from '../../features/audit/AuditPage';
export { AcceptInvitePage, AdminSignupPage } from '../../features/club-admins/AcceptInvitePage';
export { ClubsPage } from '../../features/clubs/ClubsPage';
export { AdminsByClubPage } from '../../features/club-admins/AdminsByClubPage';
export { InviteAdminPage } from '../../features/club-admins/InviteAdminPage';
export { SuperAdminDashboardPage } from '../../features/dashboards/SuperAdminDashboardPage';
export { ScanTicketsPage } from '../../features/door/ScanTicketsPage';
export { FestivalSettingsPage } from '../../features/festival-settings/FestivalSettingsPage';
export { StartEditionPage } from '../../features/festival-settings/StartEditionPage';
export { CreateEventPage, EditEventPage } from '../../features/manage-events/EventFormPages';
export { ManageEventsPage } from '../../features/manage-events/ManageEventsPage';
export { PeoplePage } from '../../features/people/PeoplePage';
export { AdminDashboardPage } from './admin-dashboard-page';
