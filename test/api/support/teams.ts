import type { EventRow } from '../../../backend/src/database/schema/events';
import type { Person } from './admin';
import { enrolmentForm } from './factories';

/**
 * A team formed with the enrolment form (`POST /api/v1/group`): the leader lists the members,
 * and each accepts the invitation from their bell, as a student would. Answers the team's id.
 */
export async function teamFromForm(event: Pick<EventRow, 'id'>, leader: Person, members: Person[]): Promise<string> {
  const form = enrolmentForm(
    event,
    leader.user,
    members.map((member) => member.user),
  );
  const teamId: string = (await leader.agent.post('/api/v1/group').send(form).expect(201)).body.team._id;
  for (const member of members) {
    const { invites } = (await member.agent.get('/api/v1/teams/notifications').expect(200)).body;
    const invite = (invites as { _id: string; teamId: { _id: string } }[]).find((each) => each.teamId._id === teamId);
    if (!invite) throw new Error(`${member.user.name} has no invitation from team ${teamId}`);
    await member.agent.post(`/api/v1/teams/invite/${invite._id}/respond`).send({ response: 'accept' }).expect(200);
  }
  return teamId;
}

/** The leader's registration of the team, as the team manager's Register Team sends it. */
export const registerTeam = (leader: Person, teamId: string) => leader.agent.post('/api/v1/teams/register').send({ teamId });

/** A team formed with the enrolment form, every member accepting, and registered by its leader. Answers the team's id. */
export async function registeredTeamFromForm(event: Pick<EventRow, 'id'>, leader: Person, members: Person[]): Promise<string> {
  const teamId = await teamFromForm(event, leader, members);
  await registerTeam(leader, teamId).expect(200);
  return teamId;
}
