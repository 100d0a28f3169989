// The admin pages, loaded together on the first visit to any of them: each separately loaded
// file is named in the home page's script (the preload map), which has a size budget, and the
// few people who use one admin page use the others.
export { AcceptInvitePage, AdminSignupPage } from './AcceptInvitePage';
export { AdminsByClubPage } from './AdminsByClubPage';
export { AuditPage } from './AuditPage';
export { AdminDashboardPage } from './dashboard/AdminDashboardPage';
export { SuperAdminDashboardPage } from './dashboard/SuperAdminDashboardPage';
export { CreateEventPage, EditEventPage } from './EventFormPages';
export { InviteAdminPage } from './InviteAdminPage';
export { ManageEventsPage } from './ManageEventsPage';
export { PeoplePage } from './people/PeoplePage';
export { ScanTicketsPage } from './ScanTicketsPage';
