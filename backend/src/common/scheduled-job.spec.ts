import { Injectable } from '@nestjs/common';
import { ScheduleModule, SchedulerRegistry } from '@nestjs/schedule';
import { Test } from '@nestjs/testing';
import { jobRuns, metricsRegistry } from './metrics.js';
import { ScheduledJob } from './scheduled-job.js';

@Injectable()
class Jobs {
  calls = 0;

  @ScheduledJob('spec-works', 1000)
  works(): Promise<number> {
    this.calls += 1;
    return Promise.resolve(this.calls);
  }

  @ScheduledJob('spec-fails', 1000)
  fails(): Promise<void> {
    return Promise.reject(new Error('the job failed'));
  }
}

async function runs(job: string, outcome: string): Promise<number> {
  const { values } = await jobRuns.get();
  return values.find((value) => value.labels.job === job && value.labels.outcome === outcome)?.value ?? 0;
}

describe('ScheduledJob', () => {
  it('answers what the job answers, on its own instance, and counts the run as done', async () => {
    const jobs = new Jobs();
    await expect(jobs.works()).resolves.toBe(1);
    await expect(jobs.works()).resolves.toBe(2);
    expect(await runs('spec-works', 'done')).toBe(2);
    expect(await runs('spec-works', 'failed')).toBe(0);
    expect(await metricsRegistry.getSingleMetricAsString('festival_job_duration_seconds')).toContain('festival_job_duration_seconds_count{job="spec-works"} 2');
  });

  it('throws a failure on, for the scheduler to log, and counts it as failed', async () => {
    await expect(new Jobs().fails()).rejects.toThrow('the job failed');
    expect(await runs('spec-fails', 'failed')).toBe(1);
  });

  it('is scheduled under its name, as @Interval schedules a job', async () => {
    const app = await Test.createTestingModule({ imports: [ScheduleModule.forRoot()], providers: [Jobs] }).compile();
    await app.init();
    try {
      expect(app.get(SchedulerRegistry).getIntervals().sort()).toEqual(['spec-fails', 'spec-works']);
    } finally {
      await app.close();
    }
  });
});
