import { QuietMoments } from './quiet-moments.js';

describe('QuietMoments', () => {
  let inFlight = 0;
  const quiet = () => new QuietMoments(() => inFlight);

  beforeEach(() => {
    jest.useFakeTimers();
    inFlight = 0;
  });
  afterEach(() => jest.useRealTimers());

  it('lets bulk work go while fewer than four requests are in flight', () => {
    const moments = quiet();
    for (inFlight = 0; inFlight < 4; inFlight += 1) expect(moments.bulkWaits()).toBe(false);
  });

  it('holds bulk work while four or more requests are in flight, for at most 30 seconds of being busy', () => {
    const moments = quiet();
    inFlight = 4;
    expect(moments.bulkWaits()).toBe(true);
    jest.advanceTimersByTime(29_000);
    inFlight = 64;
    expect(moments.bulkWaits()).toBe(true);
    jest.advanceTimersByTime(1_000);
    expect(moments.bulkWaits()).toBe(false);
  });

  it('starts counting the 30 seconds again after a quiet moment', () => {
    const moments = quiet();
    inFlight = 10;
    moments.bulkWaits();
    jest.advanceTimersByTime(25_000);
    inFlight = 1;
    expect(moments.bulkWaits()).toBe(false);
    inFlight = 10;
    jest.advanceTimersByTime(10_000);
    expect(moments.bulkWaits()).toBe(true);
    jest.advanceTimersByTime(29_999);
    expect(moments.bulkWaits()).toBe(true);
  });
});
