// The team rush of `npm run bench`: prepared teams (made in SQL, as the solo rush makes its
// students) whose leaders all register at once for a tenth as many seats, on a gender-based
// event whose boys' and girls' limits also bind; then the same registration transaction
// straight through `pg`, for the ratio; then an exact check of seats, gender limits and
// one team per student. A smaller rush on an event of its own warms both up first, as the solo
// rush's session loads do: a server that has never registered a team compiles that path during
// the first 200 ms of the rush, and the statements through `pg` would otherwise meet a database
// the HTTP rush had just warmed.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { latencies, runLoad } from './load.mjs';

const TEAMS = Number(process.env.BENCH_TEAMS ?? 1000);
const TEAM_SIZE = 3;
const SEATS = Math.floor(TEAMS / 10);
/** Each gender may fill 60 % of the seats: the seats bind first, and one gender's limit may too. */
const genderLimitFor = (seats) => Math.floor(seats * 0.6);
const GENDER_LIMIT = genderLimitFor(SEATS);
const DAY = 24 * 60 * 60 * 1000;

/** The warm-up rush: this many teams for a tenth as many seats. */
const WARM_UP_TEAMS = Math.min(300, TEAMS);

async function createTeamEvent(db, name, seats = SEATS) {
  const { rows } = await db.query(
    `insert into events (name, event_type, club_in_charge, event_date, registration_deadline, min_team_size, max_team_size,
                         has_gender_based_teams, max_boy_teams, max_girl_teams, edition_id)
     values ($1, 'group', 'Tech Club', now() + interval '30 days', now() + interval '20 days', 2, $2, true, $3, $3,
             (select id from editions where closed_at is null)) returning id`,
    [name, TEAM_SIZE, genderLimitFor(seats)],
  );
  await db.query('insert into event_seats (event_id, capacity) values ($1, $2)', [rows[0].id, seats]);
  return rows[0].id;
}

/** TEAMS teams of TEAM_SIZE students, boys' and girls' teams alternating, each leader with a live session. */
async function seedStudents(db, passwordHash) {
  const numbers = Array.from({ length: TEAMS * TEAM_SIZE }, (_, i) => i);
  const { rows } = await db.query(
    `insert into users (name, email, password_hash, role, is_verified, gender, dept, year, roll_number)
     select 'Team Bench ' || n, 'teambench' || n || '@campus.ac.in', $1, 'student', true,
            (case when (n / ${TEAM_SIZE}) % 2 = 0 then 'Male' else 'Female' end)::gender, 'CSE', '3', 'TEAMBENCH' || n
     from unnest($2::int[]) as n order by n returning id, gender`,
    [passwordHash, numbers],
  );
  const teams = Array.from({ length: TEAMS }, (_, t) => rows.slice(t * TEAM_SIZE, (t + 1) * TEAM_SIZE));
  const tokens = teams.map(() => randomBytes(32).toString('base64url'));
  await db.query(`insert into sessions (user_id, token_hash, expires_at) select * from unnest($1::uuid[], $2::text[], $3::timestamptz[])`, [
    teams.map((members) => members[0].id),
    tokens.map((token) => createHash('sha256').update(token).digest('hex')),
    teams.map(() => new Date(Date.now() + DAY)),
  ]);
  return teams.map((members, i) => ({ members, token: tokens[i] }));
}

/** The prepared teams for one event: each a team row and its members' rows, the leader first. */
async function seedTeams(db, eventId, students) {
  const { rows } = await db.query(
    `insert into teams (event_id, name, leader_id, gender, created_at)
     select $1, 'Bench Team ' || i, leader, gender::gender, now() from unnest($2::uuid[], $3::text[]) with ordinality as t (leader, gender, i)
     order by i returning id`,
    [eventId, students.map((s) => s.members[0].id), students.map((s) => s.members[0].gender)],
  );
  const memberRows = students.flatMap((s, i) => s.members.map((member, position) => [rows[i].id, member.id, position]));
  await db.query(
    `insert into team_members (team_id, event_id, user_id, joined_at)
     select team, $1, member, now() + position * interval '1 millisecond' from unnest($2::uuid[], $3::uuid[], $4::int[]) as m (team, member, position)`,
    [eventId, memberRows.map((r) => r[0]), memberRows.map((r) => r[1]), memberRows.map((r) => r[2])],
  );
  return students.map((s, i) => ({ ...s, teamId: rows[i].id }));
}

async function rushThroughHttp(port, connections, teams) {
  let next = 0;
  const { outcomes, wallSeconds } = await runLoad(`http://127.0.0.1:${port}`, {
    connections,
    nextRequest: () => {
      const team = teams[next++];
      if (!team) return undefined;
      return {
        method: 'POST',
        path: '/api/v1/teams/register',
        headers: { cookie: `fest_session=${team.token}`, origin: `http://localhost:${port}` },
        body: { teamId: team.teamId },
      };
    },
  });
  const registered = outcomes.filter((o) => o.status === 200).length;
  const refused = outcomes.filter((o) => o.status === 409).length;
  return { registered, refused, errors: outcomes.length - registered - refused, wallSeconds, ...latencies(outcomes) };
}

/**
 * The product's registering transaction, statement for statement (teams.service.ts `register`):
 * lock the team, read the event with its seats and the members, and, while seats are left, mark
 * the team registered, withdraw the invites, take a place of the team's gender and the seat with
 * a registration per member.
 */
async function registerThroughSql(client, teamId) {
  await client.query('begin');
  let committed = false;
  try {
    const { rows: teams } = await client.query('select * from teams where id = $1 for update', [teamId]);
    const team = teams[0];
    const { rows: events } = await client.query(
      'select events.*, event_seats.capacity, event_seats.taken from events join event_seats on event_seats.event_id = events.id where events.id = $1',
      [team.event_id],
    );
    const { rows: members } = await client.query('select * from team_members where team_id = $1 order by joined_at, id', [teamId]);
    const event = events[0];
    if (event.capacity !== null && event.taken >= event.capacity) return false;
    await client.query('update teams set registered_at = $2 where id = $1 returning *', [teamId, new Date()]);
    await client.query(
      `update team_invites set status = 'withdrawn' where id in (
         select id from team_invites where status = 'pending' and (team_id = $1 or (event_id = $2 and invitee_id = any($3::uuid[]))) order by id for update)`,
      [teamId, event.id, members.map((m) => m.user_id)],
    );
    const { rows: place } = await client.query(
      `insert into team_gender_counts (event_id, gender, registered) select $1::uuid, $2, 1 where $3::int >= 1
       on conflict (event_id, gender) do update set registered = team_gender_counts.registered + 1 where team_gender_counts.registered < $3::int
       returning registered`,
      [event.id, team.gender, team.gender === 'Male' ? event.max_boy_teams : event.max_girl_teams],
    );
    if (place.length === 0) return false;
    const { rows: registered } = await client.query(
      `with seat as (
         update event_seats set taken = taken + 1 from events
         where event_seats.event_id = $1 and events.id = event_seats.event_id and events.event_type = 'group'
           and events.is_active = true and (events.registration_deadline is null or events.registration_deadline > $3)
           and (event_seats.capacity is null or event_seats.taken < event_seats.capacity)
         returning event_seats.event_id)
       insert into registrations (event_id, user_id, team_id, status, ticket_code)
       select seat.event_id, participant.id, $4::uuid, 'approved', $5 from seat cross join unnest($2::uuid[]) as participant (id)
       returning id, event_id, user_id, team_id, status, applied_at, ticket_code, is_present, checked_in_at`,
      [event.id, members.map((m) => m.user_id), new Date(), teamId, randomBytes(16).toString('base64url')],
    );
    if (registered.length === 0) return false;
    await client.query('commit');
    committed = true;
    return true;
  } finally {
    // A refusal ends its transaction here, as the product's does.
    if (!committed) await client.query('rollback');
  }
}

async function rushThroughSql(databaseUrl, connections, teams) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  let next = 0;
  let registered = 0;
  const started = performance.now();
  async function loop() {
    const client = await pool.connect();
    try {
      for (let team = teams[next++]; team; team = teams[next++]) if (await registerThroughSql(client, team.teamId)) registered += 1;
    } finally {
      client.release();
    }
  }
  await Promise.all(Array.from({ length: connections }, loop));
  const wallSeconds = (performance.now() - started) / 1000;
  await pool.end();
  return { registered, refused: teams.length - registered, wallSeconds };
}

/** Seats, gender limits and one team per student, counted exactly from the tables. */
async function check(db, eventId) {
  const { rows } = await db.query(
    `select s.capacity as seats, s.taken,
       (select count(*)::int from teams where event_id = $1 and registered_at is not null) as "registeredTeams",
       (select count(*)::int from registrations where event_id = $1) as registrations,
       (select count(*)::int from team_members m join teams t on t.id = m.team_id where t.event_id = $1 and t.registered_at is not null) as "registeredMembers",
       (select count(*)::int from registrations r join team_members m on m.team_id = r.team_id and m.user_id = r.user_id where r.event_id = $1) as "registrationsOfMembers",
       (select count(*)::int from (select user_id from team_members where event_id = $1 group by user_id having count(*) > 1) twice) as "studentsInTwoTeams",
       (select count(*)::int from teams where event_id = $1 and registered_at is not null and gender = 'Male') as "boyTeams",
       (select count(*)::int from teams where event_id = $1 and registered_at is not null and gender = 'Female') as "girlTeams",
       (select coalesce(sum(registered), 0)::int from team_gender_counts where event_id = $1) as "genderCounted"
     from event_seats s where s.event_id = $1`,
    [eventId],
  );
  const c = rows[0];
  const consistent =
    c.taken <= c.seats &&
    c.taken === c.registeredTeams &&
    c.registrations === c.registeredMembers &&
    c.registrationsOfMembers === c.registrations &&
    c.studentsInTwoTeams === 0 &&
    c.boyTeams <= GENDER_LIMIT &&
    c.girlTeams <= GENDER_LIMIT &&
    c.genderCounted === c.registeredTeams;
  return { ...c, genderLimit: GENDER_LIMIT, consistent };
}

/** Runs the team rush against the product at `port` and the same transaction through `pg`; answers its figures. */
export async function teamRush({ db, databaseUrl, port, connections, passwordHash, settle }) {
  const students = await seedStudents(db, passwordHash);
  const httpEvent = await createTeamEvent(db, 'Team rush through HTTP');
  const sqlEvent = await createTeamEvent(db, 'Team rush through SQL');
  const httpTeams = await seedTeams(db, httpEvent, students);
  const sqlTeams = await seedTeams(db, sqlEvent, students);
  const warmUpEvent = await createTeamEvent(db, 'Team rush warm-up', Math.floor(WARM_UP_TEAMS / 10));
  await rushThroughHttp(port, connections, await seedTeams(db, warmUpEvent, students.slice(0, WARM_UP_TEAMS)));

  await settle(db);
  const viaHttp = await rushThroughHttp(port, connections, httpTeams);
  await settle(db);
  const viaSql = await rushThroughSql(databaseUrl, connections, sqlTeams);
  const [httpCheck, sqlCheck] = [await check(db, httpEvent), await check(db, sqlEvent)];
  const httpRate = viaHttp.registered / viaHttp.wallSeconds;
  const sqlRate = viaSql.registered / viaSql.wallSeconds;
  return {
    teams: TEAMS,
    seats: SEATS,
    teamsRegisteredPerSecond: Number(httpRate.toFixed(1)),
    answersPerSecond: Number(((viaHttp.registered + viaHttp.refused + viaHttp.errors) / viaHttp.wallSeconds).toFixed(1)),
    registered: viaHttp.registered,
    refused: viaHttp.refused,
    errors: viaHttp.errors,
    p50Ms: Number(viaHttp.p50.toFixed(2)),
    p99Ms: Number(viaHttp.p99.toFixed(2)),
    database: httpCheck,
    rawSql: { teamsRegisteredPerSecond: Number(sqlRate.toFixed(1)), registered: viaSql.registered, database: sqlCheck },
    ratioToRawSql: Number((httpRate / sqlRate).toFixed(2)),
    exact: httpCheck.consistent && sqlCheck.consistent && viaHttp.errors === 0,
  };
}
