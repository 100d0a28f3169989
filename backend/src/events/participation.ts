/**
 * What the events module needs to know about registrations to show a signed-in student their
 * own state on every event. The registrations module provides it, so events never read its tables.
 */
export interface StudentParticipation {
  appliedAt: Date;
  status: 'pending' | 'approved' | 'rejected';
}

export interface ParticipationSource {
  /** The student's registrations by event id. */
  forStudent(userId: string): Promise<Map<string, StudentParticipation>>;
}

export const PARTICIPATION = Symbol('PARTICIPATION');
