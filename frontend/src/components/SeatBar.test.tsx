import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventSeats, SeatBar } from './SeatBar';

const bar = () => screen.getByRole('progressbar', { name: 'Seats taken' });
const levelOf = () => bar().closest('.seat-bar')?.getAttribute('data-level');
const fillWidth = () => (bar().firstElementChild as HTMLElement).style.width;

describe('SeatBar', () => {
  it('shows seats taken out of the capacity, as text and as accessible values', () => {
    render(<SeatBar taken={12} capacity={40} />);
    expect(screen.getByText('12 / 40 seats taken')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '12');
    expect(bar()).toHaveAttribute('aria-valuemin', '0');
    expect(bar()).toHaveAttribute('aria-valuemax', '40');
    expect(bar()).toHaveAttribute('aria-valuetext', '12 / 40 seats taken');
    expect(fillWidth()).toBe('30%');
  });

  it('is green up to and including 80% used', () => {
    render(<SeatBar taken={32} capacity={40} />);
    expect(levelOf()).toBe('ok');
    expect(screen.queryByText('Almost full')).not.toBeInTheDocument();
  });

  it('turns yellow above 80% used and says so in words', () => {
    render(<SeatBar taken={33} capacity={40} />);
    expect(levelOf()).toBe('warning');
    expect(screen.getByText('Almost full')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuetext', '33 / 40 seats taken, almost full');
  });

  it('turns red and fills completely when full', () => {
    render(<SeatBar taken={40} capacity={40} />);
    expect(levelOf()).toBe('full');
    expect(screen.getByText('Full')).toBeInTheDocument();
    expect(fillWidth()).toBe('100%');
  });

  it('never overflows when more seats are taken than offered', () => {
    render(<SeatBar taken={45} capacity={40} />);
    expect(levelOf()).toBe('full');
    expect(fillWidth()).toBe('100%');
    expect(bar()).toHaveAttribute('aria-valuenow', '40');
  });

  it('shows unlimited events without a bar or warning', () => {
    render(<SeatBar taken={57} capacity={null} />);
    expect(screen.getByText('Unlimited seats')).toBeInTheDocument();
    expect(screen.getByText('57 taken')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(/full/i)).not.toBeInTheDocument();
  });
});

describe('eventSeats', () => {
  it('counts a seat held for the waitlist as spoken for, and says it is held', () => {
    render(<SeatBar {...eventSeats({ event_type: 'solo', maxApplications: 1, actualSeatsTaken: 0, availableSeats: 0 })} />);
    expect(screen.getByText('1 / 1 seats taken')).toBeInTheDocument();
    expect(screen.getByText('Full · 1 held for the waitlist')).toBeInTheDocument();
    expect(levelOf()).toBe('full');
    expect(fillWidth()).toBe('100%');
    expect(bar()).toHaveAttribute('aria-valuetext', '1 / 1 seats taken, full, 1 held for the waitlist');
  });

  it('draws registered seats alone when none are held', () => {
    expect(eventSeats({ event_type: 'solo', maxApplications: 40, actualSeatsTaken: 12, availableSeats: 28 })).toEqual({
      taken: 12,
      capacity: 40,
      held: 0,
      teams: false,
    });
    expect(eventSeats({ event_type: 'solo', maxApplications: null, actualSeatsTaken: 7, availableSeats: null })).toEqual({
      taken: 7,
      capacity: null,
      held: 0,
      teams: false,
    });
  });

  it("counts a team event's seats as teams", () => {
    expect(eventSeats({ event_type: 'group', maxApplications: 10, actualSeatsTaken: 3, availableSeats: 7 })).toEqual({
      taken: 3,
      capacity: 10,
      held: 0,
      teams: true,
    });
    render(<SeatBar taken={3} capacity={10} teams />);
    expect(screen.getByRole('progressbar', { name: 'Seats taken' })).toHaveAttribute('aria-valuetext', '3 / 10 team places taken');
  });
});
