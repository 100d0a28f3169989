import './events.css';

/** The event's numbered rules and the organizers' closing notice. */
export function EventRules({ rules }: { rules: string[] }) {
  return (
    <section className="rules" aria-labelledby="rules-title">
      <h2 id="rules-title">Rules</h2>
      {rules.length > 0 && (
        <ol className="rules__list">
          {rules.map((rule, index) => (
            <li key={index}>{rule}</li>
          ))}
        </ol>
      )}
      <p className="rules__notice">The decisions of the organizers and the jury are final.</p>
    </section>
  );
}
