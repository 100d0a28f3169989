import type { EventType } from '../../components/TypeBadge';

export type { EventType };

export interface StaffInCharge {
  adminId: string | null;
  name: string;
  email: string;
  club: string;
}

export type RegistrationStatus = 'pending' | 'approved' | 'rejected';

/** A registration on an event; the server lists only the viewer's own. `userId` may come populated. */
export interface Application {
  userId: string | { _id: string };
  appliedAt: string;
}

/** The registration POST /api/v1/solo answers with, as far as the event's state needs it. */
export interface OwnRegistration {
  status: RegistrationStatus;
  appliedAt: string;
}

/** An event as GET /api/v1/events and /api/v1/events/{id} return it. */
export interface FestEvent {
  _id: string;
  event_id: string;
  name: string;
  description: string;
  event_type: EventType;
  clubInCharge: string | null;
  staff_incharges: StaffInCharge[];
  rules: string[];
  minTeamSize: number | null;
  maxTeamSize: number | null;
  event_date: string | null;
  eventDate: string | null;
  registration_deadline: string | null;
  applicationDeadline: string | null;
  /** Seats; null = unlimited. A seat is one solo registration or one registered team. */
  maxApplications: number | null;
  max_participants: number | null;
  actualSeatsTaken: number;
  /** null = unlimited. */
  availableSeats: number | null;
  venue: string | null;
  coordinatorName: string | null;
  coordinatorDept: string | null;
  isActive: boolean;
  requiresApproval: boolean;
  hasGenderBasedTeams: boolean;
  maxBoyTeams: number | null;
  maxGirlTeams: number | null;
  createdAt: string;
  updatedAt: string;
  /** Whether the signed-in student is registered (false for visitors). */
  isRegistered: boolean;
  registrationStatus: RegistrationStatus | null;
  applications: Application[];
}
