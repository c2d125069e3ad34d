// Moves an old folder's sessions and is killed (SIGKILL, no cleanup) right after the n-th step of
// the move was made durable: a crash at the worst moments. Used by moveSessions.test.ts.
// Arguments: from, to, n. Prints each step as it completes.
import { moveSessions } from '../../../../src/core/sessions/moveSessions';

async function main(): Promise<void> {
  const [from, to, n] = process.argv.slice(2);
  if (!from || !to || !n) throw new Error('usage: moveSessions.child FROM TO N');
  let steps = 0;
  await moveSessions(from, to, {
    afterStep: (step) => {
      process.stdout.write(`${JSON.stringify(step)}\n`);
      if (++steps === Number(n)) process.kill(process.pid, 'SIGKILL');
    },
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
