import { Inject, Injectable } from '@nestjs/common';
import { AdminInvitesService } from '../admin/admin-invites.service.js';
import { Clock } from '../common/clock.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { managedClub } from '../common/permissions.js';
import { ReportGate } from '../common/report-gate.js';
import type { SessionUser } from '../common/session-user.js';
import { SharedBody } from '../common/shared-body.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { EventRow } from '../database/schema/events.js';
import type { UserRow } from '../database/schema/users.js';
import { EventsService } from '../events/events.service.js';
import { type EventTally, RegistrationsService } from '../registrations/registrations.service.js';
import { TeamsService } from '../teams/teams.service.js';
import { SignupsService } from '../users/signups.service.js';
import { type AccountCounts, UsersService } from '../users/users.service.js';
import type {
  AdminEventSummaryResponse,
  ClubEventsResponse,
  ClubStatsResponse,
  DashboardStatsResponse,
  DashboardTeamResponse,
  DayCountResponse,
  DetailedEventResponse,
} from './dashboard.response.js';

/** "Recent" on the dashboards: registered within this many days of now. */
const RECENT_DAYS = 7;
/** The detailed panel lists each event's latest teams and registrations, at most this many (docs/decisions.md "Dashboards"). */
const PREVIEW_ROWS = 5;
const DAY = 24 * 60 * 60 * 1000;
/** A club admin's dashboard counts no accounts: those are the festival's, the super admin's to see. */
const NO_ACCOUNTS: AccountCounts = { students: 0, verifiedStudents: 0, staff: 0 };
const NO_TALLY = { applications: 0, participants: 0, teams: 0, recent: 0, present: 0 };

/** When the figures were read: shared figures may be up to DASHBOARD_CACHE_MS old. */
interface Dated {
  lastUpdated: string;
}

interface DashboardStats extends Dated {
  stats: DashboardStatsResponse;
  assignedEvent: AdminEventSummaryResponse | AdminEventSummaryResponse[] | null;
}

interface EventsRegistrations extends Dated {
  clubs: ClubEventsResponse[];
  totalClubs: number;
  totalEvents: number;
  totalRegistrations: number;
}

interface ClubStats {
  clubs: ClubStatsResponse[];
  registrationsByDay: DayCountResponse[];
}

/** The caller's events with each one's registration counts: what every panel starts from. */
interface Scope {
  club: string | undefined;
  events: EventRow[];
  tallies: Map<string, EventTally>;
}

/** A panel's answer being read or read lately, shared by the callers of one scope as its JSON bytes. */
interface SharedAnswer {
  expiresAt: number;
  body: Promise<SharedBody>;
}

/**
 * The admins' dashboards (admin-side §2): the festival's for the super admin, their own club's
 * for a club admin. Each panel reads the caller's events, then counts with one aggregate
 * statement per module (registrations, accounts, invitations), never one per event. The figures
 * of one scope (the festival, or one club) are read once per DASHBOARD_CACHE_MS and shared by
 * every admin who asks meanwhile (docs/decisions.md "Dashboards").
 */
@Injectable()
export class DashboardService {
  constructor(
    private readonly events: EventsService,
    private readonly registrations: RegistrationsService,
    private readonly teams: TeamsService,
    private readonly users: UsersService,
    private readonly signups: SignupsService,
    private readonly invites: AdminInvitesService,
    private readonly clock: Clock,
    private readonly reports: ReportGate,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private readonly shared = new Map<string, SharedAnswer>();

  /** The stats answer's JSON. A club admin's names their assigned event, so admins of one club share it only with the same one. */
  statsBody(admin: SessionUser): Promise<SharedBody> {
    return this.sharedBy(`stats:${managedClub(admin) ?? '*'}:${admin.assignedEventId ?? ''}`, () => this.readStats(admin));
  }

  eventsRegistrationsBody(admin: SessionUser): Promise<SharedBody> {
    return this.sharedBy(`events:${managedClub(admin) ?? '*'}`, () => this.readEventsRegistrations(admin));
  }

  clubStatsBody(admin: SessionUser): Promise<SharedBody> {
    return this.sharedBy(`clubs:${managedClub(admin) ?? '*'}`, () => this.readClubStats(admin));
  }

  /**
   * The answer under `key` while it is fresh (or still being read); otherwise read anew. It is
   * kept serialised, and compressed once for the clients that ask for it: the super admin's
   * detailed panel is hundreds of kilobytes, and writing it out and compressing it once per period
   * instead of once per request is most of its cost under load. A read takes a place among the
   * instance's heavy reports (`ReportGate`), shared by everyone waiting for it; a failed or
   * refused read is not kept.
   */
  private sharedBy<T extends object>(key: string, read: () => Promise<T>): Promise<SharedBody> {
    const now = this.clock.now().getTime();
    const current = this.shared.get(key);
    if (current && current.expiresAt > now) return current.body;
    const body = this.reports
      .run(read)
      .then((figures) => new SharedBody(Buffer.from(JSON.stringify({ success: true, ...figures } satisfies SuccessEnvelope<T>))));
    const entry: SharedAnswer = { expiresAt: now + this.config.dashboardCacheMs, body };
    body.catch(() => {
      if (this.shared.get(key) === entry) this.shared.delete(key);
    });
    this.shared.set(key, entry);
    return body;
  }

  private async readStats(admin: SessionUser): Promise<DashboardStats> {
    const festivalWide = admin.role === 'superadmin';
    const club = managedClub(admin);
    const [{ events, tallies }, accounts, waitingSignups, admins, pendingInvites] = await Promise.all([
      this.scope(admin),
      festivalWide ? this.users.accountCounts() : NO_ACCOUNTS,
      festivalWide ? this.signups.countWaiting() : 0,
      this.users.clubAdmins(),
      this.invites.countPending(club),
    ]);
    const today = this.events.festivalClock.midnight(this.clock.now());
    const dated = events.flatMap((event) => (event.eventDate ? [event.eventDate.getTime()] : []));
    const totals = sumTallies(events, tallies);
    const summaries = events.map((event) => toSummary(event, tallyOf(tallies, event)));
    return {
      stats: {
        totalEvents: events.length,
        totalUsers: accounts.students,
        totalAdmins: accounts.staff,
        totalApplications: totals.applications,
        recentRegistrations: totals.recent,
        verifiedUsers: accounts.verifiedStudents,
        // A sign-up is no account until its link is opened: those waiting are the unverified.
        unverifiedUsers: accounts.students - accounts.verifiedStudents + waitingSignups,
        pendingInvites,
        adminsByClub: adminsByClub(admins.filter((user) => club === undefined || user.club === club)),
        upcomingEvents: dated.filter((at) => at >= today).length,
        pastEvents: dated.filter((at) => at < today).length,
        totalRegistrations: totals.participants,
        clubName: club ?? null,
      },
      assignedEvent: festivalWide ? null : (summaries.find((summary) => summary._id === admin.assignedEventId) ?? summaries),
      lastUpdated: this.clock.now().toISOString(),
    };
  }

  private async readEventsRegistrations(admin: SessionUser): Promise<EventsRegistrations> {
    const { events, tallies } = await this.scope(admin);
    const ids = events.map((event) => event.id);
    const [latest, latestTeams] = await Promise.all([
      this.registrations.latestByEvent(ids, PREVIEW_ROWS),
      this.registrations.latestTeamsByEvent(ids, PREVIEW_ROWS),
    ]);
    const rosters = await this.teams.rosters(latestTeams.map((row) => row.teamId));
    const people = await this.peopleById([
      ...latest.map((row) => row.userId),
      ...rosters.flatMap(({ members }) => members.flatMap((member) => (member.userId ? [member.userId] : []))),
    ]);
    const teamsById = new Map(rosters.map((roster) => [roster.team.id, toDashboardTeam(roster, people)]));
    const detailed = events.map((event): DetailedEventResponse => {
      const registrations = latest
        .filter((row) => row.eventId === event.id)
        .map((row) => {
          const student = people.get(row.userId);
          return {
            userName: student?.name ?? '',
            userEmail: student?.email ?? '',
            userDept: student?.dept ?? null,
            userYear: student?.year ?? null,
            registeredAt: row.appliedAt.toISOString(),
          };
        });
      const teams = latestTeams.flatMap((row) => (row.eventId === event.id ? (teamsById.get(row.teamId) ?? []) : []));
      return toDetailedEvent(event, tallyOf(tallies, event), teams, registrations);
    });
    const clubs = groupByClub(events, detailed).map(([clubName, clubEvents]) => ({
      clubName,
      totalEvents: clubEvents.length,
      totalRegistrations: sum(clubEvents.map((event) => event.participants)),
      events: clubEvents,
    }));
    return {
      clubs,
      totalClubs: clubs.length,
      totalEvents: events.length,
      totalRegistrations: sum(clubs.map((club) => club.totalRegistrations)),
      lastUpdated: this.clock.now().toISOString(),
    };
  }

  private async readClubStats(admin: SessionUser): Promise<ClubStats> {
    const [{ club, events, tallies }, admins] = await Promise.all([this.scope(admin), this.users.clubAdmins()]);
    const byDay = await this.registrations.countByDay(scopeIds(events), this.events.festivalClock.timeZone);
    const adminCounts = countBy(admins.flatMap((user) => (user.club && (club === undefined || user.club === club) ? [user.club] : [])));
    const eventsByClub = new Map(groupByClub(events, events));
    const clubNames = new Set([...(club === undefined ? [] : [club]), ...eventsByClub.keys(), ...adminCounts.keys()]);
    const clubs = [...clubNames].map((clubName) => {
      const clubEvents = eventsByClub.get(clubName) ?? [];
      return {
        clubName,
        events: clubEvents.length,
        registrations: sumTallies(clubEvents, tallies).participants,
        admins: adminCounts.get(clubName) ?? 0,
      };
    });
    clubs.sort((a, b) => b.registrations - a.registrations || a.clubName.localeCompare(b.clubName));
    return { clubs, registrationsByDay: byDay };
  }

  /** The caller's events (every club's for the super admin) and their counts; 403 for a club admin without a club. */
  private async scope(admin: SessionUser): Promise<Scope> {
    const club = managedClub(admin);
    const events = await this.events.listForClub(club);
    const since = new Date(this.clock.now().getTime() - RECENT_DAYS * DAY);
    const tallies = await this.registrations.tallyByEvent(scopeIds(events), since);
    return { club, events, tallies: new Map(tallies.map((tally) => [tally.eventId, tally])) };
  }

  private async peopleById(ids: string[]): Promise<Map<string, UserRow>> {
    return new Map((await this.users.findByIds([...new Set(ids)])).map((user) => [user.id, user]));
  }
}

/** The events' ids for the registrations' filter: the open edition's events of the club, or of every club for the super admin. */
const scopeIds = (events: EventRow[]) => events.map((event) => event.id);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
/** One decimal, as the panels show percentages and averages. */
const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const tallyOf = (tallies: Map<string, EventTally>, event: EventRow) => tallies.get(event.id) ?? { eventId: event.id, ...NO_TALLY };

function sumTallies(events: EventRow[], tallies: Map<string, EventTally>): typeof NO_TALLY {
  const own = events.map((event) => tallyOf(tallies, event));
  return {
    applications: sum(own.map((tally) => tally.applications)),
    participants: sum(own.map((tally) => tally.participants)),
    teams: sum(own.map((tally) => tally.teams)),
    recent: sum(own.map((tally) => tally.recent)),
    present: sum(own.map((tally) => tally.present)),
  };
}

function countBy(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** The items (one per event, in the events' order) by the event's club, clubs A to Z; events without a club under "No club". */
function groupByClub<T>(events: EventRow[], items: T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  events.forEach((event, i) => {
    const club = event.clubInCharge ?? 'No club';
    groups.set(club, [...(groups.get(club) ?? []), items[i]]);
  });
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

function adminsByClub(admins: UserRow[]) {
  // clubAdmins() answers by club, then name: each club's group keeps that order.
  const groups = new Map<string, { name: string; email: string }[]>();
  for (const admin of admins) {
    if (admin.club) groups.set(admin.club, [...(groups.get(admin.club) ?? []), { name: admin.name, email: admin.email }]);
  }
  return [...groups].map(([club, members]) => ({ _id: club, count: members.length, admins: members }));
}

function toSummary(event: EventRow, tally: EventTally): AdminEventSummaryResponse {
  return {
    _id: event.id,
    name: event.name,
    event_type: event.eventType,
    clubInCharge: event.clubInCharge,
    eventDate: event.eventDate?.toISOString() ?? null,
    venue: event.venue,
    maxApplications: event.maxApplications,
    availableSeats: EventsService.seatsLeft(event),
    participants: tally.participants,
    teamsCount: tally.teams,
  };
}

function toDetailedEvent(
  event: EventRow,
  tally: EventTally,
  teams: DashboardTeamResponse[],
  registrations: DetailedEventResponse['registrations'],
): DetailedEventResponse {
  return {
    _id: event.id,
    event_id: event.id,
    name: event.name,
    event_type: event.eventType,
    isTeamEvent: event.eventType === 'group',
    eventDate: event.eventDate?.toISOString() ?? null,
    maxApplications: event.maxApplications,
    availableSeats: EventsService.seatsLeft(event),
    participants: tally.participants,
    teamsCount: tally.teams,
    recentCount: tally.recent,
    occupancy: occupancy(event),
    averageTeamSize: tally.teams === 0 ? null : oneDecimal(tally.participants / tally.teams),
    teams,
    registrations,
  };
}

/** The spec's (max − available) / max in percent, one decimal: seats held for a waitlist offer are not available. */
function occupancy(event: EventRow): number | null {
  const available = EventsService.seatsLeft(event);
  return event.maxApplications === null || available === null ? null : oneDecimal(((event.maxApplications - available) / event.maxApplications) * 100);
}

type Roster = Awaited<ReturnType<TeamsService['rosters']>>[number];

function toDashboardTeam({ team, members }: Roster, people: Map<string, UserRow>): DashboardTeamResponse {
  const rows = members.map((member) => {
    const account = member.userId ? people.get(member.userId) : undefined;
    return {
      name: account?.name ?? member.name ?? '',
      email: account?.email ?? member.email ?? '',
      dept: account?.dept ?? member.branch ?? null,
      year: account?.year ?? member.year ?? null,
    };
  });
  // rosters() puts the leader first.
  const [leader = { name: '', email: '', dept: null, year: null }, ...others] = rows;
  return { _id: team.id, teamName: team.name, leader, members: others };
}
