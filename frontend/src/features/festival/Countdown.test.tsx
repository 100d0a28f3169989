import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './Countdown';

const TARGET = '2026-12-20T00:00:00.000Z';

/** The four numbers as shown: days, hours, minutes, seconds. */
const shown = () =>
  Array.from(screen.getByRole('timer', { name: 'Time until the festival' }).querySelectorAll('.countdown__unit')).map((unit) => unit.textContent);

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('Countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('shows days, hours, minutes and seconds to the festival', () => {
    vi.setSystemTime(Date.parse(TARGET) - (3 * 86_400_000 + 4 * 3_600_000 + 5 * 60_000 + 6_000));
    render(<Countdown target={TARGET} />);
    expect(shown()).toEqual(['03Days', '04Hours', '05Minutes', '06Seconds']);
  });

  it('ticks every second', async () => {
    vi.setSystemTime(Date.parse(TARGET) - 61_000);
    render(<Countdown target={TARGET} />);
    expect(shown()).toEqual(['00Days', '00Hours', '01Minutes', '01Seconds']);
    await advance(999);
    expect(shown()).toEqual(['00Days', '00Hours', '01Minutes', '01Seconds']);
    await advance(1);
    expect(shown()).toEqual(['00Days', '00Hours', '01Minutes', '00Seconds']);
    await advance(1000);
    expect(shown()).toEqual(['00Days', '00Hours', '00Minutes', '59Seconds']);
  });

  it('stops at zero and never goes negative', async () => {
    vi.setSystemTime(Date.parse(TARGET) - 2_000);
    render(<Countdown target={TARGET} />);
    await advance(2_000);
    expect(shown()).toEqual(['00Days', '00Hours', '00Minutes', '00Seconds']);
    expect(vi.getTimerCount()).toBe(0);
    await advance(10_000);
    expect(shown()).toEqual(['00Days', '00Hours', '00Minutes', '00Seconds']);
  });

  it('shows zeros without ticking when the festival has already begun', () => {
    vi.setSystemTime(Date.parse(TARGET) + 86_400_000);
    render(<Countdown target={TARGET} />);
    expect(shown()).toEqual(['00Days', '00Hours', '00Minutes', '00Seconds']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
