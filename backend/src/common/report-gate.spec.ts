import { ServiceUnavailableException } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { ReportGate } from './report-gate.js';

describe('ReportGate', () => {
  const gate = () => new ReportGate({ reportsInFlight: 2 } as AppConfig);

  it('runs as many reports at once as allowed, refuses the next without starting it, and takes one again when a place frees', async () => {
    const reports = gate();
    let finishFirst = () => {};
    const first = reports.run(() => new Promise<string>((resolve) => (finishFirst = () => resolve('first'))));
    const second = reports.run(() => new Promise<string>(() => {}));
    let started = false;
    await expect(
      reports.run(() => {
        started = true;
        return Promise.resolve('third');
      }),
    ).rejects.toBeInstanceOf(ServiceUnavailableException);
    expect(started).toBe(false);

    finishFirst();
    await expect(first).resolves.toBe('first');
    await expect(reports.run(() => Promise.resolve('fourth'))).resolves.toBe('fourth');
    void second;
  });

  it('frees the place of a report that failed', async () => {
    const reports = gate();
    await expect(reports.run(() => Promise.reject(new Error('the database went away')))).rejects.toThrow('the database went away');
    await expect(reports.run(() => Promise.reject(new Error('again')))).rejects.toThrow('again');
    await expect(Promise.all([reports.run(() => Promise.resolve(1)), reports.run(() => Promise.resolve(2))])).resolves.toEqual([1, 2]);
  });
});
