// Preloaded (`node --import`) into the CLI by targetedKills.test.ts: kill -9 the process at an
// exact moment of a durable write instead of at a random time. LESSON_AGENT_KILL_AT names the
// moment and which occurrence of it: `before-datasync:3` dies just before the third sync of a
// file's data, `after-datasync:3` just after it (the bytes on disk, nothing done with them yet),
// `before-rename:2` / `after-rename:2` around the second rename (a synced temp file not yet in
// place / in place but its folder not yet synced). `count` only counts: the totals are written to
// LESSON_AGENT_KILL_COUNTS at exit, so the test knows how many moments a turn has.
import { writeFileSync } from 'node:fs';
import fsp from 'node:fs/promises';

const [when, moment, nth] = /^(before|after)-(datasync|rename):(\d+)$/.exec(process.env.LESSON_AGENT_KILL_AT ?? '')?.slice(1) ?? [];
const counts = { datasync: 0, rename: 0 };

function at(name, phase) {
  if (phase === 'before') counts[name] += 1;
  if (name === moment && phase === when && counts[name] === Number(nth)) process.kill(process.pid, 'SIGKILL');
}

function around(name, call) {
  at(name, 'before');
  return call().then((value) => {
    at(name, 'after');
    return value;
  });
}

const open = fsp.open;
fsp.open = async (...args) => {
  const handle = await open(...args);
  const datasync = handle.datasync.bind(handle);
  const sync = handle.sync.bind(handle);
  handle.datasync = () => around('datasync', datasync);
  // A file's own sync (not a folder's) counts as a data sync too.
  handle.sync = () => (String(args[1] ?? 'r') === 'r' ? sync() : around('datasync', sync));
  return handle;
};

const rename = fsp.rename;
fsp.rename = (...args) => around('rename', () => rename(...args));

if (process.env.LESSON_AGENT_KILL_COUNTS) {
  process.on('exit', () => writeFileSync(process.env.LESSON_AGENT_KILL_COUNTS, JSON.stringify(counts)));
}
