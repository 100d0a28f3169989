import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SessionUser } from '../../api/types';
import { Avatar } from '../../components/Avatar';
import { lazyComponent } from '../../components/lazy-component';
import { Link } from '../../components/Link';
import { SectionLink } from '../../components/SectionLink';
import { homeSections, paths } from '../../config/paths';
import { useDisclosure } from '../../lib/use-disclosure';
import { useSignOutMutation } from '../../session/session-api';
import { useToast } from '../../toasts/use-toast';

const ChangePasswordModal = lazyComponent(async () => (await import('./ChangePasswordModal')).ChangePasswordModal);

const roleBadge = (user: SessionUser): string | null => (user.isSuperAdmin ? 'Super Admin' : user.isAdmin ? 'Admin' : null);

/** The signed-in user's menu: who they are, their pages, Change Password and Logout. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { logout, loggingOut } = useLogout();
  const menu = useDisclosure<HTMLDivElement>('user-menu-panel');
  const [changingPassword, setChangingPassword] = useState(false);
  const badge = roleBadge(user);
  // An open menu is the intent: Change Password's code arrives before it is chosen.
  useEffect(() => {
    if (menu.open) ChangePasswordModal.preload();
  }, [menu.open]);

  const openChangePassword = () => {
    // The modal gives focus back to what had it; the menu item is about to be hidden.
    menu.trigger.current?.focus();
    menu.close();
    setChangingPassword(true);
  };

  return (
    <div ref={menu.area} className="user-menu">
      {/* Named by its text, so the name a voice user reads off the screen is the button's name. */}
      <button {...menu.triggerProps} className="user-menu__trigger">
        <Avatar name={user.name} />
        <span className="visually-hidden">Account menu:</span> <span className="user-menu__name">{user.name}</span>
        <span className="user-menu__chevron" aria-hidden="true" />
      </button>
      <div id="user-menu-panel" className="user-menu__panel" hidden={!menu.open}>
        <div className="user-menu__who">
          <Avatar name={user.name} />
          <div>
            <p className="user-menu__who-name">{user.name}</p>
            <p className="user-menu__email">{user.email}</p>
            {badge && <span className="badge badge--role">{badge}</span>}
          </div>
        </div>
        <ul className="user-menu__items">
          {/* The home page's sections, the student's registrations and profile; admins have no home page (it
              sends them to their dashboard) and, taking part in no events, no registrations and no student profile. */}
          {!user.isAdmin && !user.isSuperAdmin && (
            <>
              <li>
                <SectionLink section={homeSections.events} onNavigate={menu.close}>
                  Events
                </SectionLink>
              </li>
              <li>
                <SectionLink section={homeSections.about} onNavigate={menu.close}>
                  About
                </SectionLink>
              </li>
              <li>
                <Link to={paths.myRegistrations}>My Registrations</Link>
              </li>
            </>
          )}
          <AdminItems user={user} />
          <li>
            <Link to={paths.profile}>Profile</Link>
          </li>
          <li>
            <button type="button" onClick={openChangePassword}>
              Change Password
            </button>
          </li>
          <li className="user-menu__separated">
            <button type="button" onClick={() => void logout()} disabled={loggingOut}>
              {loggingOut ? 'Logging out...' : 'Logout'}
            </button>
          </li>
        </ul>
      </div>
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordModal onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
    </div>
  );
}

/** The dashboard of the user's role (students have none); the super admin also manages people's roles, invites club admins and sets up the festival. */
function AdminItems({ user }: { user: SessionUser }) {
  if (user.isSuperAdmin) {
    return (
      <>
        <li>
          <Link to={paths.superAdminDashboard}>Super Admin Dashboard</Link>
        </li>
        <li>
          <Link to={paths.adminPeople}>People</Link>
        </li>
        <li>
          <Link to={paths.adminInvite}>Invite Admin</Link>
        </li>
        <li>
          <Link to={paths.adminFestival}>Festival Settings</Link>
        </li>
      </>
    );
  }
  if (!user.isAdmin) return null;
  return (
    <li>
      <Link to={paths.adminDashboard}>Admin Dashboard</Link>
    </li>
  );
}

/**
 * Signs out, then goes home; the toast says how it went. The menu is gone by then (the session
 * ended), but the move and the toast do not need it.
 */
function useLogout() {
  const [signOut, { isLoading }] = useSignOutMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const logout = async () => {
    const result = await signOut();
    if (result.error) {
      toast.error('Error logging out');
      return;
    }
    toast.success(result.data.message);
    navigate(paths.home);
  };
  return { logout, loggingOut: isLoading };
}
