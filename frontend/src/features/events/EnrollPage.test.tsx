import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser, FestEvent } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { makeEvent, makeUser, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { EnrollPage } from './EnrollPage';
import { RegisterPage } from './RegisterPage';

const student = makeUser();
const bookReview = makeEvent({
  name: 'Book Review',
  description: 'Review a book that changed how you think.',
  clubInCharge: "Readers' Club",
  staff_incharges: [{ adminId: null, name: 'Dr. S. Revathi', email: 'revathi.s@campus.ac.in', club: "Readers' Club" }],
  rules: ['Any published book in English or Tamil.', 'Five minutes to speak.'],
});

function renderEnroll(search: string, viewer: SessionUser | null, routes: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ [`/api/v1/events/${bookReview._id}`]: () => jsonResponse({ success: true, event: bookReview }), ...routes });
  const view = renderWithProviders(
    <>
      <EnrollPage />
      <ToastRegion />
    </>,
    { path: '/enroll', route: `/enroll${search}`, preloadedState: sessionOf(viewer) },
  );
  return { ...view, fetchMock };
}

const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('enrollment page', () => {
  it('says "No event selected." without an event id', () => {
    renderEnroll('', student);
    expect(screen.getByRole('heading', { level: 1, name: 'No event selected.' })).toBeInTheDocument();
  });

  it('says "Event not found. Please select a valid event." for an unknown event', async () => {
    renderEnroll('?eventId=00000000-0000-4000-8000-999999999999', student);
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found. Please select a valid event.' })).toBeInTheDocument();
  });

  it('shows the event: name, description, type, club, staff in-charge and rules', async () => {
    renderEnroll(`?eventId=${bookReview._id}`, student);
    expect(await screen.findByRole('heading', { level: 1, name: 'Book Review' })).toBeInTheDocument();
    expect(screen.getByText('Review a book that changed how you think.')).toBeInTheDocument();
    expect(screen.getByText('Solo')).toBeInTheDocument();
    expect(fact('Organizing club')).toBe("Readers' Club");
    expect(fact('Staff in-charge')).toBe('Dr. S. Revathirevathi.s@campus.ac.in');
    expect(screen.getByRole('link', { name: 'revathi.s@campus.ac.in' })).toHaveAttribute('href', 'mailto:revathi.s@campus.ac.in');
    const rules = within(screen.getByRole('region', { name: 'Rules' })).getAllByRole('listitem');
    expect(rules.map((rule) => rule.textContent)).toEqual(['Any published book in English or Tamil.', 'Five minutes to speak.']);
  });

  it("shows a solo event's read-only event, name and e-mail, and registers with Register Solo", async () => {
    const { user, fetchMock } = renderEnroll(`?eventId=${bookReview._id}`, student, {
      '/api/v1/solo': () =>
        jsonResponse(
          { success: true, message: 'Successfully registered for Book Review!', registration: { status: 'approved', appliedAt: '2026-11-22T05:00:00Z' } },
          201,
        ),
    });
    await screen.findByRole('heading', { level: 1, name: 'Book Review' });
    expect(screen.getByRole('textbox', { name: 'Event' })).toHaveValue('Book Review');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Priya Raman');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('priya.23cse@campus.ac.in');
    for (const field of screen.getAllByRole('textbox')) expect(field).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Register Solo' }));
    expect(await screen.findByText('Successfully registered for Book Review!')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, '/api/v1/solo')[0].json()).toEqual({ eventId: bookReview._id, studentId: student._id });
    expect(await screen.findByText("You're Registered!")).toBeInTheDocument();
  });

  it("shows the server's refusal once, beside the button", async () => {
    const { user } = renderEnroll(`?eventId=${bookReview._id}`, student, {
      '/api/v1/solo': () => jsonResponse({ success: false, message: 'The registration deadline for Book Review has passed.' }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Register Solo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The registration deadline for Book Review has passed.');
    expect(screen.getAllByText('The registration deadline for Book Review has passed.')).toHaveLength(1);
  });

  it('sends a visitor who wants to register to /login', async () => {
    const { user, router, fetchMock } = renderEnroll(`?eventId=${bookReview._id}`, null);
    await user.click(await screen.findByRole('button', { name: 'Register Solo' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(requestsTo(fetchMock, '/api/v1/solo')).toHaveLength(0);
  });

  describe('team form', () => {
    const robo = makeEvent({ name: 'Robo Race', event_type: 'group', minTeamSize: 2, maxTeamSize: 4 });

    function renderGroup(
      viewer: SessionUser | null,
      group: (request: Request) => Response = () =>
        jsonResponse(
          { success: true, message: 'Team "Priya Raman\'s team" formed: invitations sent to 2 member(s). Register the team once they have accepted.' },
          201,
        ),
    ) {
      const fetchMock = stubApi({ [`/api/v1/events/${robo._id}`]: () => jsonResponse({ success: true, event: robo }), '/api/v1/group': group });
      const view = renderWithProviders(
        <>
          <EnrollPage />
          <ToastRegion />
        </>,
        { path: '/enroll', route: `/enroll?eventId=${robo._id}`, preloadedState: sessionOf(viewer) },
      );
      return { ...view, fetchMock };
    }

    const member = (n: number) => within(screen.getByRole('group', { name: `Member ${n}` }));

    async function fillMember(person: ReturnType<typeof renderGroup>['user'], n: number, name: string, email: string) {
      await person.type(member(n).getByRole('textbox', { name: 'Name' }), name);
      await person.selectOptions(member(n).getByRole('combobox', { name: 'Branch' }), 'ECE');
      await person.selectOptions(member(n).getByRole('combobox', { name: 'Year' }), '3rd Year');
      await person.type(member(n).getByRole('textbox', { name: 'Email' }), email);
    }

    it('invites the listed team with POST /group and goes to the event page, where the team is registered once they accept', async () => {
      const { user, fetchMock, router, store } = renderGroup(student);
      expect(await screen.findByRole('textbox', { name: 'Team lead name' })).toHaveValue('Priya Raman');
      expect(member(1).queryByRole('button', { name: 'Remove Member 1' })).not.toBeInTheDocument();
      const options = (field: string) =>
        within(member(1).getByRole('combobox', { name: field }))
          .getAllByRole('option')
          .map((option) => option.textContent);
      // The sign-up's words: its departments, and the years each allows.
      expect(options('Branch')).toEqual([
        'Select branch',
        'CSE',
        'IT',
        'AIDS',
        'ECE',
        'EEE',
        'MECH',
        'CIVIL',
        'Bio-Tech',
        'BME',
        'MBA',
        'MCA',
        'Arch',
        'Ph.D',
        'M.E.',
      ]);
      await user.selectOptions(member(1).getByRole('combobox', { name: 'Branch' }), 'MBA');
      expect(options('Year')).toEqual(['Select year', '1st Year', '2nd Year']);
      await user.selectOptions(member(1).getByRole('combobox', { name: 'Year' }), '2nd Year');
      await user.selectOptions(member(1).getByRole('combobox', { name: 'Branch' }), 'ECE');
      expect(options('Year')).toEqual(['Select year', '3rd Year', '4th Year']);
      expect(member(1).getByRole('combobox', { name: 'Year' })).toHaveValue('');
      await fillMember(user, 1, 'Ravi Kumar', 'ravi.23ece@campus.ac.in');
      await user.click(screen.getByRole('button', { name: 'Add Member' }));
      await fillMember(user, 2, 'Meena Das', 'meena.23ece@campus.ac.in');
      expect(screen.getByRole('button', { name: 'Send Invitations' })).toHaveAccessibleDescription(
        'Each member must have a verified student account and is sent an invitation by e-mail. Once they accept, register the team from the event page.',
      );
      await user.click(screen.getByRole('button', { name: 'Send Invitations' }));
      await expect.poll(() => router.state.location.pathname).toBe(`/event/${robo._id}`);
      expect(store.getState().toasts.map(({ message }) => message)).toContain(
        'Team "Priya Raman\'s team" formed: invitations sent to 2 member(s). Register the team once they have accepted.',
      );
      expect(await requestsTo(fetchMock, '/api/v1/group')[0].json()).toEqual({
        eventId: robo._id,
        teamLeadName: 'Priya Raman',
        members: [
          { name: 'Ravi Kumar', year: '3', branch: 'ECE', email: 'ravi.23ece@campus.ac.in' },
          { name: 'Meena Das', year: '3', branch: 'ECE', email: 'meena.23ece@campus.ac.in' },
        ],
        teamLeadEmail: student.email,
        teamLeaderId: student._id,
      });
    });

    it('checks every field and the leader name before sending anything', async () => {
      const { user, fetchMock } = renderGroup(student);
      const lead = await screen.findByRole('textbox', { name: 'Team lead name' });
      await user.clear(lead);
      await user.type(lead, 'Someone Else');
      await user.type(member(1).getByRole('textbox', { name: 'Email' }), 'not-an-email');
      await user.click(screen.getByRole('button', { name: 'Send Invitations' }));
      expect(errorOf(lead)).toBe('Only the team leader can register and invite members.');
      expect(lead).toHaveFocus();
      expect(errorOf(member(1).getByRole('textbox', { name: 'Name' }))).toBe('Name is required');
      expect(errorOf(member(1).getByRole('combobox', { name: 'Year' }))).toBe('Year is required');
      expect(errorOf(member(1).getByRole('combobox', { name: 'Branch' }))).toBe('Branch is required');
      expect(errorOf(member(1).getByRole('textbox', { name: 'Email' }))).toBe('Please enter a valid email');
      expect(requestsTo(fetchMock, '/api/v1/group')).toHaveLength(0);
    });

    it('removes members while more than one remains', async () => {
      const { user } = renderGroup(student);
      await user.click(await screen.findByRole('button', { name: 'Add Member' }));
      await user.type(member(2).getByRole('textbox', { name: 'Name' }), 'Meena Das');
      await user.click(member(1).getByRole('button', { name: 'Remove Member 1' }));
      expect(screen.getAllByRole('group', { name: /^Member/ })).toHaveLength(1);
      expect(member(1).getByRole('textbox', { name: 'Name' })).toHaveValue('Meena Das');
      expect(member(1).queryByRole('button', { name: 'Remove Member 1' })).not.toBeInTheDocument();
    });

    it("shows the server's refusal beside the form, keeping what was typed", async () => {
      const refusal = 'No verified student account uses ravi.23ece@campus.ac.in. Ask them to sign up first, or take them off the list.';
      const { user } = renderGroup(student, () => jsonResponse({ success: false, message: refusal }, 400));
      await screen.findByRole('textbox', { name: 'Team lead name' });
      await fillMember(user, 1, 'Ravi Kumar', 'ravi.23ece@campus.ac.in');
      await user.click(screen.getByRole('button', { name: 'Send Invitations' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
      expect(member(1).getByRole('textbox', { name: 'Name' })).toHaveValue('Ravi Kumar');
    });

    it('asks a visitor to sign in first', async () => {
      renderGroup(null);
      expect(await screen.findByRole('link', { name: 'Sign in to register' })).toHaveAttribute('href', '/login');
      expect(screen.queryByRole('button', { name: 'Send Invitations' })).not.toBeInTheDocument();
    });
  });
});

describe('register page', () => {
  function renderRegister(event: FestEvent | null) {
    const id = event?._id ?? '00000000-0000-4000-8000-999999999999';
    stubApi(event ? { [`/api/v1/events/${id}`]: () => jsonResponse({ success: true, event }) } : {});
    return renderWithProviders(<RegisterPage />, { path: '/register/:eventId', route: `/register/${id}`, preloadedState: sessionOf(student) });
  }

  it('points a solo event back to the events page', async () => {
    renderRegister(bookReview);
    expect(await screen.findByText('This is a solo event. You can register directly from the events page.')).toBeInTheDocument();
  });

  it("shows a team event's size", async () => {
    renderRegister(makeEvent({ name: 'Robo Race', event_type: 'group', minTeamSize: 2, maxTeamSize: 4 }));
    await screen.findByRole('heading', { level: 1, name: 'Robo Race' });
    expect(fact('Team size')).toBe('2–4 members');
  });

  it('goes home for an unknown event', async () => {
    const { router } = renderRegister(null);
    await expect.poll(() => router.state.location.pathname).toBe('/');
  });
});
