// Restore and Redo through the built CLI: three agent edits with the teacher's typing between them,
// `rewind --to` the second turn undoes the last two edits and keeps every character typed, sets the
// later messages aside, and the next request is a prefix of the one sent before (the fake checks
// the thinking sent back as the API does); `redo` brings it all back; each exit code (0 done, 1
// nothing changed, 2 bad usage, 3 waiting on places where typing meets an agent edit, answered by
// `resume --approve` or `--deny`).
import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { FileSessionStore } from '../../../src/core/sessions/fileStore';
import type { CliEvent } from '../../../src/shared/events';
import type { FakeAnthropic } from '../../fake/fakeAnthropic';
import { checkCliOutput, ofType, runCli, useCliWorkspace, type CliResult } from './cliProcess';
import { readMessages } from '../../fake/readMessages';
import { DOC, SCENARIO, THREE_TURNS } from './rewindLesson';

const KEY = 'sk-ant-cli-rewind-7a1c3e5f9b20';
function only<T extends CliEvent['type']>(r: CliResult, type: T): Extract<CliEvent, { type: T }> {
  const found = ofType(r.events, type);
  assert.equal(found.length, 1, `one ${type} event: ${r.stdout}`);
  return found[0] as Extract<CliEvent, { type: T }>;
}

describe('CLI rewind and redo (dist/cli.js)', function () {
  this.timeout(90_000);
  const cli = useCliWorkspace({ prefix: 'la-cli-rewind-', file: 'weather.md', lesson: DOC, key: KEY });

  const command = async (args: string[]): Promise<CliResult> => {
    const r = await runCli([...args, '--session-dir', cli.sessions]);
    checkCliOutput(r, KEY);
    return r;
  };
  const type = async (change: (text: string) => string): Promise<void> => writeFile(cli.doc, change(await readFile(cli.doc, 'utf8')), 'utf8');

  /** Three turns, each with an agent edit, the teacher typing after the first two; returns the turn ids. */
  async function threeEdits(f: FakeAnthropic): Promise<{ id: string; turns: string[] }> {
    const turns: string[] = [];
    let id = '';
    for (const [prompt, typing] of THREE_TURNS) {
      const r = await cli.run(f.url, prompt, id ? ['--session', id] : []);
      assert.equal(r.code, 0, r.stderr);
      id = r.events[0]?.sessionId ?? '';
      turns.push(r.events[0]?.turnId ?? '');
      if (typing) await type(typing);
    }
    return { id, turns };
  }

  it('rewind --to the second turn: the last two edits undone, the typing kept, the rest set aside; the next request is a prefix of the one sent before; redo brings it all back', async () => {
    const f = await cli.serve(SCENARIO);
    const { id, turns } = await threeEdits(f);
    const edited = await readFile(cli.doc, 'utf8');
    assert.equal(edited, '# Weather words\n\n- sun\n- rain\n\nHomework: write five sentences.\n\nBring an umbrella and boots.\nDue Friday.\n');
    const secondTurnFirstRequest = 2;

    const r = await command(['rewind', '--session', id, '--to', turns[1] ?? '']);
    assert.equal(r.code, 0, r.stderr);
    const rewound = only(r, 'rewound');
    assert.deepEqual(rewound.lesson, { undone: ['Asked for five sentences', 'Added boots'], redone: [], kept: [] });
    assert.deepEqual(rewound.conversation, { setAside: 4, broughtBack: 0 });
    assert.equal(rewound.turnId, turns[1]);
    assert.equal(await readFile(cli.doc, 'utf8'), '# Weather words\n\n- sun\n- rain\n\nHomework: write three sentences.\n\nBring an umbrella.\nDue Friday.\n', 'every typed character is still there');
    const stored = await new FileSessionStore(cli.sessions).get(id);
    assert.deepEqual(stored.turns.map((t) => t.id), [turns[0]]);
    assert.deepEqual(stored.branches?.[0]?.turns.map((t) => t.id), turns.slice(1), 'set aside, not deleted');

    const again = await command(['redo', '--session', id]);
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(only(again, 'redone').conversation, { setAside: 0, broughtBack: 4 });
    assert.equal(await readFile(cli.doc, 'utf8'), edited, 'the edits are back, and so is the typing');
    assert.deepEqual((await new FileSessionStore(cli.sessions).get(id)).turns.map((t) => t.id), turns);

    // Restore again, then go on: the request starts with exactly what the second turn was sent before its words.
    assert.equal((await command(['rewind', '--session', id, '--to', turns[1] ?? ''])).code, 0);
    const before = f.requests.length;
    const next = await cli.run(f.url, 'Just say hello', ['--session', id]);
    assert.equal(next.code, 0, next.stderr);
    const old = readMessages(f, secondTurnFirstRequest);
    const now = readMessages(f, before);
    assert.equal(now.length, old.length, 'the same number of messages: what came before, and the new words');
    assert.deepEqual(now.slice(0, -1), old.slice(0, -1), 'a prefix of what was sent before, thinking included');
    assert.ok(JSON.stringify(old.slice(0, -1)).includes('"type":"thinking"'), 'the prefix carries the first turn\'s thinking');
    const redoLater = await command(['redo', '--session', id]);
    assert.equal(redoLater.code, 1, 'a message was sent since: Redo is over (the part set aside stays a branch)');
    assert.equal(only(redoLater, 'error').code, 'rewind');
    assert.equal((await new FileSessionStore(cli.sessions).get(id)).branches?.length, 1, 'what the last restore set aside stays, as a branch');
  });

  it('typing that meets an agent edit: exit 3 with the places, nothing changed; --deny changes nothing; --approve restores keeping that typing', async () => {
    const f = await cli.serve(SCENARIO);
    const { id, turns } = await threeEdits(f);
    await type((t) => t.replace('and boots', 'and rain boots'));
    const typed = await readFile(cli.doc, 'utf8');

    const asked = await command(['rewind', '--session', id, '--to', turns[1] ?? '']);
    assert.equal(asked.code, 3, asked.stderr);
    const question = only(asked, 'confirmation');
    assert.equal(question.request.tool, 'rewind');
    assert.match(question.request.details ?? '', /^Line 8: Added boots$/);
    assert.equal(await readFile(cli.doc, 'utf8'), typed, 'nothing changed while it asks');

    const denied = await command(['resume', '--session', id, '--deny']);
    assert.equal(denied.code, 0, denied.stderr);
    assert.equal(only(denied, 'rewound').declined, true);
    assert.equal(await readFile(cli.doc, 'utf8'), typed);
    assert.equal((await new FileSessionStore(cli.sessions).get(id)).turns.length, 3, 'the conversation is as it was');

    assert.equal((await command(['rewind', '--session', id, '--to', turns[1] ?? ''])).code, 3);
    const approved = await command(['resume', '--session', id, '--approve']);
    assert.equal(approved.code, 0, approved.stderr);
    assert.deepEqual(only(approved, 'rewound').lesson?.kept, [{ line: 8, summary: 'Added boots' }]);
    assert.equal(await readFile(cli.doc, 'utf8'), typed.replace('five', 'three'), 'the second edit undone; the third kept where the typing is');
  });

  it('--only document and --only conversation restore one of the two; bad usage exits 2; nothing to redo exits 1', async () => {
    const f = await cli.serve(SCENARIO);
    const { id, turns } = await threeEdits(f);
    const lessonOnly = await command(['rewind', '--session', id, '--to', turns[2] ?? '', '--only', 'document']);
    assert.equal(lessonOnly.code, 0, lessonOnly.stderr);
    assert.equal(only(lessonOnly, 'rewound').conversation, undefined);
    assert.ok((await readFile(cli.doc, 'utf8')).includes('Bring an umbrella.\n'));
    const stored = await new FileSessionStore(cli.sessions).get(id);
    assert.equal(stored.turns.length, 3, 'the conversation stays');
    assert.equal(stored.edits.find((e) => e.summary === 'Added boots')?.presence, 'undone');

    const talkOnly = await command(['rewind', '--session', id, '--to', turns[1] ?? '', '--only', 'conversation']);
    assert.equal(talkOnly.code, 0, talkOnly.stderr);
    assert.equal(only(talkOnly, 'rewound').lesson, undefined);
    assert.ok((await readFile(cli.doc, 'utf8')).includes('five sentences'), 'the lesson stays');
    assert.equal((await new FileSessionStore(cli.sessions).get(id)).turns.length, 1);

    for (const args of [['rewind', '--session', id], ['rewind', '--session', id, '--to', 'turn-nowhere'], ['rewind', '--session', id, '--to', turns[0] ?? '', '--only', 'everything'], ['redo']]) {
      const bad = await command(args);
      assert.equal(bad.code, 2, `${args.join(' ')}: ${bad.stdout}`);
      assert.equal(only(bad, 'error').code, 'usage');
    }
    assert.equal((await command(['redo', '--session', id])).code, 0);
    const nothing = await command(['redo', '--session', id]);
    assert.equal(nothing.code, 1);
    assert.match(only(nothing, 'error').message, /nothing to redo/i);
  });
});
