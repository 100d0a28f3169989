import { useState } from 'react';
import { useMarkAttendanceMutation } from '../../api/applicants-api';
import { failureMessage } from '../../api/base-api';
import type { Applicant } from '../../api/types';
import type { AlertTone } from '../../components/Alert';
import { toggled, withoutSent, type Marks } from './event-day-rules';

/** What an action on the event day came to, shown under the toolbar. */
export interface Outcome {
  tone: AlertTone;
  text: string;
}

/**
 * Attendance mode and the admin's unsent ticks. The ticks outlive attendance mode (hiding it, or
 * choosing winners, keeps them, and the panel says how many are unsaved): at the door an admin
 * who hides the checkboxes to look something up expects their ticks still there, not gone.
 */
export function useAttendanceMarks(eventId: string) {
  const [marks, setMarks] = useState<Marks>(new Map());
  const [marking, setMarking] = useState(false);
  const [markAttendance, { isLoading: sending }] = useMarkAttendanceMutation();

  const mark = (applicant: Applicant, isPresent: boolean) => setMarks((current) => toggled(current, applicant, isPresent));

  const confirm = async (): Promise<Outcome> => {
    const sent = new Map(marks);
    const result = await markAttendance({ eventId, attendance: [...sent].map(([userId, isPresent]) => ({ userId, isPresent })) });
    // The toggles stay as they were, so the admin can try again without marking anyone twice.
    if (result.error) return { tone: 'error', text: `Failed to update attendance: ${failureMessage(result.error, 'Please try again.')}` };
    // The cached rows already show what was saved (see event-day-api); ticks made meanwhile stay.
    setMarks((current) => withoutSent(current, sent));
    setMarking(false);
    return { tone: 'success', text: result.data.message };
  };

  return { marks, marking, setMarking, sending, mark, confirm };
}

/** "Tick who is present…" or how many ticks are not saved yet, wherever the admin is. */
export function unsavedHint(unsaved: number, marking: boolean): string | null {
  if (unsaved === 0) return marking ? 'Tick who is present, then confirm.' : null;
  const changes = `${unsaved} unsaved ${unsaved === 1 ? 'change' : 'changes'}`;
  return marking ? `${changes}.` : `${changes}: open Mark Attendance to confirm or undo them.`;
}
