import { Fact } from '../../components/Fact';
import { useGetGenderStatsQuery } from './teams-api';

type Count = { registered: number; remaining: number; max: number };

const countText = ({ registered, remaining, max }: Count): string => `${registered} of ${max} registered · ${remaining} left`;

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
        <Fact label="Boy teams">{countText(data.stats.boyTeams)}</Fact>
        <Fact label="Girl teams">{countText(data.stats.girlTeams)}</Fact>
      </dl>
    </div>
  );
}
