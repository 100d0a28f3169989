// A student's own pages, loaded together on the first visit to either: each separately loaded
// file is named in the home page's script (the preload map), which has a size budget, and a
// student who opens one of them from the account menu is likely to open the other.
export { ProfilePage } from '../../features/profile/ProfilePage';
export { MyRegistrationsPage } from './my-registrations-page';
