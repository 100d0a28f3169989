import type { GenderTeamCount } from '../../api/types';
import { Fact } from '../../components/Fact';
import { useGetGenderStatsQuery } from './teams-api';
import './teams.css';

function CountText({ registered, remaining, max }: GenderTeamCount) {
  if (max === null) return <>{registered} registered, no limit</>;
  return (
    <>
      {registered} / {max} registered
      <span className="team-limits__left">{remaining} left</span>
    </>
  );
}

/** Registered boy and girl teams of a gender-based event, for everyone (visitors too). */
export function GenderCounters({ eventId }: { eventId: string }) {
  const { data } = useGetGenderStatsQuery(eventId);
  // Without counts (a plain event, or the counts failed to load) the page still says everything else.
  if (!data?.hasGenderBasedTeams || !data.stats) return null;
  return (
    <div className="panel">
      <h2 className="panel__title">Team limits</h2>
      <p className="panel__hint">Teams are boys-only or girls-only for this event.</p>
      <dl className="facts facts--compact">
        <Fact label="Boy teams">
          <CountText {...data.stats.boyTeams} />
        </Fact>
        <Fact label="Girl teams">
          <CountText {...data.stats.girlTeams} />
        </Fact>
      </dl>
    </div>
  );
}
