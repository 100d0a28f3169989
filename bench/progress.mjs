// The bench's progress, one line when a phase starts and one when it ends, with its counts and time.

/** Runs `work`, announcing it; `summary(result)` says what it did in a few words. */
export async function phase(title, work, summary = () => '') {
  const started = performance.now();
  console.log(`▶ ${title}`);
  const result = await work();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const said = summary(result);
  console.log(`  done in ${seconds} s${said ? `: ${said}` : ''}`);
  return result;
}

export const count = (n) => n.toLocaleString('en-US');
