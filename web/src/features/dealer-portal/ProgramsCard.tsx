import type { ProgramProgress } from '@portal/contracts';
import { useGetIncentiveProgressQuery } from './incentiveProgressApi';
import { programDates, progressLine, progressPercent, reachedBadge } from './programProgress';

/** One running program: a bar toward the next tier per metric, reached tiers as badges. */
function ProgramCard({ program }: { program: ProgramProgress }) {
  return (
    <section className="portal-card program-progress" aria-label={`Program ${program.program_name}`}>
      <h3>{program.program_name}</h3>
      <p className="program-progress__dates">{programDates(program)}</p>
      {program.metrics.map((metric) => {
        const line = progressLine(metric);
        const percent = progressPercent(metric);
        return (
          <div key={metric.metric} className="program-progress__metric">
            <div
              className="program-progress__bar"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={line}
            >
              <span style={{ width: `${percent}%` }} />
            </div>
            <p className="program-progress__line">{line}</p>
            {metric.reached.length > 0 && (
              <ul className="program-progress__badges" aria-label="Tiers reached">
                {metric.reached.map((tier) => (
                  <li key={tier.tier_id} className="badge badge--ok">
                    {reachedBadge(tier)}
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}

/** The dealer Overview's "Programs": one card per enabled program running today; nothing without programs. */
export function ProgramsCards() {
  const { data: programs } = useGetIncentiveProgressQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!programs?.length) return null;
  return (
    <section className="portal-stack" aria-label="Programs">
      <h3 className="program-progress__heading">Programs</h3>
      {programs.map((program) => (
        <ProgramCard key={program.program_id} program={program} />
      ))}
    </section>
  );
}
