// Between measures. The server confirms each new registration in a job of its own (every 2 s, in
// batches, e-mail and calendar invite queued together), so a rush leaves thousands to confirm.
// A phase measured while that job works is charged for it (or, for the statements through `pg`,
// loses the cores to it), so every phase after a rush starts once each registration is confirmed.
// Registrations made through `pg` are confirmed by the same job.

const POLL_MS = 250;

/** Resolves once no registration waits for its confirmation; answers the seconds waited. */
export async function untilConfirmed(db, timeoutSeconds = 120) {
  const started = performance.now();
  for (;;) {
    const { rows } = await db.query('select count(*)::int as waiting from registrations where confirmed_at is null');
    const seconds = (performance.now() - started) / 1000;
    if (rows[0].waiting === 0) return seconds;
    if (seconds > timeoutSeconds) throw new Error(`${rows[0].waiting} registrations were still unconfirmed after ${timeoutSeconds} s.`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
