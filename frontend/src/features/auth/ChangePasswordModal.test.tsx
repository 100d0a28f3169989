import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NavBar } from '../../components/NavBar';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { makeUser, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { AccountNav } from './AccountNav';

const changePath = '/api/v1/user/password/change';

async function openChangePassword(signedIn = makeUser()) {
  const view = renderWithProviders(
    <>
      <AccountNav />
      <ToastRegion />
    </>,
    { preloadedState: sessionOf(signedIn) },
  );
  // The menu's code loads with the session.
  await view.user.click(await screen.findByRole('button', { name: /^Account menu/ }));
  await view.user.click(screen.getByRole('button', { name: 'Change Password' }));
  // The dialog's code loads on first use.
  await screen.findByRole('dialog', { name: 'Change Password' });
  return view;
}

const dialog = () => screen.getByRole('dialog', { name: 'Change Password' });
const input = (label: string) => within(dialog()).getByLabelText(label, { selector: 'input' });
const checklist = () =>
  within(within(dialog()).getByRole('list', { name: 'Password requirements' }))
    .getAllByRole('listitem')
    .map((item) => `${item.getAttribute('data-met') === 'true' ? '✓' : '○'} ${item.textContent}`);

describe('change password', () => {
  it('opens as a modal dialog from the user menu, with focus in its first field', async () => {
    await openChangePassword();
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    // The dialog takes focus in an effect after it first paints.
    await waitFor(() => expect(input('Current password')).toHaveFocus());
  });

  it('ticks the checklist while the new password is typed', async () => {
    const { user } = await openChangePassword();
    expect(checklist()).toEqual([
      '○ At least 6 characters (not met)',
      '○ Contains letters (not met)',
      '○ Contains numbers (not met)',
      '○ Contains special characters (not met)',
    ]);
    await user.type(input('New password'), 'abc1');
    expect(checklist()).toEqual([
      '○ At least 6 characters (not met)',
      '✓ Contains letters (met)',
      '✓ Contains numbers (met)',
      '○ Contains special characters (not met)',
    ]);
    await user.type(input('New password'), '!xy');
    expect(checklist().every((item) => item.startsWith('✓'))).toBe(true);
  });

  it.each([
    ['a club admin', makeUser({ role: 'admin', isAdmin: true, club: 'Tech Club', rollNumber: null })],
    ['the super admin', makeUser({ role: 'superadmin', isAdmin: true, isSuperAdmin: true, rollNumber: null })],
  ])('holds %s to the staff rule: its checklist, and no special character needed', async (_who, staff) => {
    const fetchMock = stubApi({ [changePath]: () => jsonResponse({ success: true, message: 'Password changed successfully' }) });
    const { user } = await openChangePassword(staff);
    expect(checklist()).toEqual([
      '○ At least 8 characters (not met)',
      '○ A lowercase letter (not met)',
      '○ An uppercase letter (not met)',
      '○ A digit (not met)',
    ]);
    await user.type(input('Current password'), 'Club2025pass');
    await user.type(input('New password'), 'abc12!');
    await user.type(input('Confirm new password'), 'abc12!');
    await user.click(within(dialog()).getByRole('button', { name: 'Change Password' }));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Please ensure your new password meets all requirements');
    expect(requestsTo(fetchMock, changePath)).toHaveLength(0);

    await user.clear(input('New password'));
    await user.clear(input('Confirm new password'));
    await user.type(input('New password'), 'Strong2025');
    await user.type(input('Confirm new password'), 'Strong2025');
    expect(checklist().every((item) => item.startsWith('✓'))).toBe(true);
    await user.click(within(dialog()).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, changePath)[0].json()).toEqual({ currentPassword: 'Club2025pass', newPassword: 'Strong2025' });
  });

  it('shows and hides each password', async () => {
    const { user } = await openChangePassword();
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      await user.click(within(dialog()).getByRole('button', { name: `Show ${label.toLowerCase()}` }));
      expect(input(label)).toHaveAttribute('type', 'text');
    }
  });

  it('says "Passwords do not match" under the confirmation while they differ', async () => {
    const { user } = await openChangePassword();
    await user.type(input('New password'), 'abc12!');
    await user.type(input('Confirm new password'), 'abc12');
    expect(errorOf(input('Confirm new password'))).toBe('Passwords do not match');
    await user.type(input('Confirm new password'), '!');
    expect(errorOf(input('Confirm new password'))).toBeNull();
  });

  it('blocks a weak or unconfirmed password with the reason', async () => {
    const fetchMock = stubApi({});
    const { user } = await openChangePassword();
    await user.type(input('Current password'), 'Student@123');
    await user.type(input('New password'), 'abcdef');
    await user.type(input('Confirm new password'), 'abcdef');
    await user.click(within(dialog()).getByRole('button', { name: 'Change Password' }));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Please ensure your new password meets all requirements');
    await user.type(input('New password'), '1!');
    await user.click(within(dialog()).getByRole('button', { name: 'Change Password' }));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('New passwords do not match');
    expect(requestsTo(fetchMock, changePath)).toHaveLength(0);
  });

  it('changes the password, closes and says so', async () => {
    const fetchMock = stubApi({ [changePath]: () => jsonResponse({ success: true, message: 'Password changed successfully' }) });
    const { user } = await openChangePassword();
    await user.type(input('Current password'), 'Student@123');
    await user.type(input('New password'), 'Fresh@456');
    await user.type(input('Confirm new password'), 'Fresh@456');
    await user.click(within(dialog()).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const request = requestsTo(fetchMock, changePath)[0];
    expect(request.method).toBe('PUT');
    expect(await request.json()).toEqual({ currentPassword: 'Student@123', newPassword: 'Fresh@456' });
    expect(screen.getByRole('button', { name: /^Account menu/ })).toHaveFocus();
  });

  it("on a phone, where the account menu is in the navigation's menu, gives focus back to it with that menu still open", async () => {
    stubApi({ [changePath]: () => jsonResponse({ success: true, message: 'Password changed successfully' }) });
    const { user } = renderWithProviders(
      <>
        <NavBar theme="light" onToggleTheme={() => {}} account={<AccountNav />} />
        <ToastRegion />
      </>,
      { preloadedState: sessionOf(makeUser()) },
    );
    const menu = screen.getByRole('button', { name: 'Menu' });
    await user.click(menu);
    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await screen.findByRole('dialog', { name: 'Change Password' });
    await user.type(input('Current password'), 'Student@123');
    await user.type(input('New password'), 'Fresh@456');
    await user.type(input('Confirm new password'), 'Fresh@456');
    await user.click(within(dialog()).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    // A closed menu would hide the button focus went back to, leaving focus nowhere to be seen.
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /^Account menu/ })).toHaveFocus();
  });

  it('shows a wrong current password under its field, keeping the dialog open', async () => {
    stubApi({
      [changePath]: () =>
        jsonResponse(
          { success: false, message: 'Current password is incorrect', errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }] },
          400,
        ),
    });
    const { user } = await openChangePassword();
    await user.type(input('Current password'), 'Wrong@123');
    await user.type(input('New password'), 'Fresh@456');
    await user.type(input('Confirm new password'), 'Fresh@456');
    await user.click(within(dialog()).getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(errorOf(input('Current password'))).toBe('Current password is incorrect'));
    // Said once, under its field: no alert above the form, no toast over it.
    expect(screen.getAllByText('Current password is incorrect')).toHaveLength(1);
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    expect(input('New password')).toHaveValue('Fresh@456');
  });

  it.each([
    ['Escape', async (user: ReturnType<typeof renderWithProviders>['user']) => user.keyboard('{Escape}')],
    ['a click outside', async (user: ReturnType<typeof renderWithProviders>['user']) => user.click(dialog().parentElement!)],
    ['Cancel', async (user: ReturnType<typeof renderWithProviders>['user']) => user.click(within(dialog()).getByRole('button', { name: 'Cancel' }))],
  ])('closes on %s and forgets what was typed', async (_how, close) => {
    const { user } = await openChangePassword();
    await user.type(input('Current password'), 'Student@123');
    await close(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(input('Current password')).toHaveValue('');
  });

  it('stays open when a click starts inside and ends outside', async () => {
    const { user } = await openChangePassword();
    await user.pointer([
      { keys: '[MouseLeft>]', target: input('Current password') },
      { keys: '[/MouseLeft]', target: dialog().parentElement! },
    ]);
    expect(dialog()).toBeInTheDocument();
  });
});
