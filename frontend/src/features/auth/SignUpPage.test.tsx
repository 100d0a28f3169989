import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { renderRoutes } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { SignUpPage } from './SignUpPage';

const created = 'Account created! Check your institution email for a link to verify your account.';

function renderSignUp() {
  return renderRoutes(
    [
      {
        path: '/auth/signup',
        element: (
          <>
            <SignUpPage emailDomain="campus.ac.in" />
            <ToastRegion />
          </>
        ),
      },
      { path: '*', element: <p>Somewhere else</p> },
    ],
    { route: '/auth/signup' },
  );
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input, select' });
const year = () => field('Year') as HTMLSelectElement;

async function fillValidForm(person: ReturnType<typeof renderSignUp>['user']) {
  await person.type(field('Full name'), 'Priya Raman');
  await person.selectOptions(field('Department'), 'CSE');
  await person.selectOptions(year(), '3');
  await person.type(field('Institution email'), 'priya.23cse@campus.ac.in');
  await person.type(field('Roll number'), '23CSE014');
  await person.click(screen.getByRole('radio', { name: 'Female' }));
  await person.type(field('Password'), 'Secret@1');
  await person.type(field('Confirm password'), 'Secret@1');
}

describe('sign-up page', () => {
  it('offers every field, with the roll number sample', () => {
    stubApi({});
    renderSignUp();
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    expect(field('Roll number')).toHaveAttribute('placeholder', 'e.g. 23CSE001');
    expect(
      within(field('Department'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select department', 'CSE', 'IT', 'AIDS', 'ECE', 'EEE', 'MECH', 'CIVIL', 'Bio-Tech', 'BME', 'MBA', 'MCA', 'Arch', 'Ph.D', 'M.E.']);
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['Male', 'Female', 'Other']);
  });

  it('shows every rule under its field on submit', async () => {
    const fetchMock = stubApi({});
    const { user: person } = renderSignUp();
    await person.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(errorOf(field('Full name'))).toBe('Name is required');
    expect(errorOf(year())).toBe('Year is required');
    expect(errorOf(field('Department'))).toBe('Department is required');
    expect(errorOf(field('Institution email'))).toBe('Email is required');
    expect(errorOf(field('Roll number'))).toBe('Roll number is required');
    expect(screen.getByRole('group', { name: 'Gender' })).toHaveAccessibleDescription('Gender is required');
    expect(errorOf(field('Password'))).toBe('Password is required');
    expect(errorOf(field('Confirm password'))).toBe('Please confirm your password');
    expect(field('Full name')).toHaveFocus();
    expect(requestsTo(fetchMock, '/api/v1/user/signup')).toHaveLength(0);
  });

  it('offers only the years the department allows, and clears a year the new department does not', async () => {
    stubApi({});
    const { user: person } = renderSignUp();
    const offered = () =>
      within(year())
        .getAllByRole('option')
        .map((option) => option.textContent);
    await person.selectOptions(field('Department'), 'Ph.D');
    expect(offered()).toEqual(['Select year', '1st Year', '2nd Year', '3rd Year', '4th Year', '5th Year', '6th Year']);
    await person.selectOptions(year(), '6');
    expect(errorOf(year())).toBeNull();
    await person.selectOptions(field('Department'), 'CSE');
    expect(offered()).toEqual(['Select year', '3rd Year', '4th Year']);
    // Not allowed for an undergraduate: cleared rather than kept wrong.
    expect(year()).toHaveValue('');
    expect(errorOf(year())).toBe('Year is required');
    await person.selectOptions(year(), '4');
    await person.selectOptions(field('Department'), 'IT');
    expect(year()).toHaveValue('4');
    await person.selectOptions(field('Department'), 'MBA');
    expect(year()).toHaveValue('');
    expect(offered()).toEqual(['Select year', '1st Year', '2nd Year']);
  });

  it("holds the name and roll number to the server's limits while typing", () => {
    stubApi({});
    renderSignUp();
    expect(field('Full name')).toHaveAttribute('maxlength', '100');
    expect(field('Roll number')).toHaveAttribute('maxlength', '20');
  });

  it('signs up, shows the server message, clears the form and goes to sign-in after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubApi({ '/api/v1/user/signup': () => jsonResponse({ success: true, message: created }, 201) });
    const { user: person, router } = renderSignUp();
    await fillValidForm(person);
    await person.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText(created, { selector: '.alert' })).toHaveClass('alert--success');
    expect(await requestsTo(fetchMock, '/api/v1/user/signup')[0].json()).toEqual({
      name: 'Priya Raman',
      year: '3',
      dept: 'CSE',
      email: 'priya.23cse@campus.ac.in',
      rollNumber: '23CSE014',
      gender: 'Female',
      password: 'Secret@1',
    });
    expect(field('Full name')).toHaveValue('');
    expect(field('Password')).toHaveValue('');
    await act(() => vi.advanceTimersByTime(1300));
    expect(router.state.location.pathname).toBe('/auth/signup');
    await act(() => vi.advanceTimersByTime(200));
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(router.state.location.state).toEqual({ notVerified: true });
  });

  it("puts the server's conflicts under their fields and keeps everything typed", async () => {
    stubApi({
      '/api/v1/user/signup': () =>
        jsonResponse(
          {
            success: false,
            message: 'This roll number is already registered',
            errors: [{ field: 'rollNumber', message: 'This roll number is already registered' }],
          },
          409,
        ),
    });
    const { user: person } = renderSignUp();
    await fillValidForm(person);
    await person.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(errorOf(field('Roll number'))).toBe('This roll number is already registered'));
    expect(field('Roll number')).toHaveFocus();
    expect(field('Full name')).toHaveValue('Priya Raman');
    expect(field('Password')).toHaveValue('Secret@1');
    // Said once, under its field.
    expect(screen.getAllByText('This roll number is already registered')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
