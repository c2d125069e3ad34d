// Fuzzed messages: valid messages of each kind, mutated (fields dropped, retyped, swapped for
// junk, huge or hostile strings, prototype keys, wrong discriminants), from a seeded source.
import { CONFIRMATION, finishedTurn, narratedTurn, sessionFrom, snapshot, THREE_QUESTIONS, TurnEvents } from '../webview/fixtures';

const JUNK: unknown[] = [
  null,
  undefined,
  0,
  -1,
  1e308,
  Number.NaN,
  true,
  '',
  ' ',
  'x'.repeat(300_000),
  '<img src=x onerror="window.__pwned=1">',
  '\u0000\uffff\ud800',
  '__proto__',
  [],
  [1, 'two', null],
  {},
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
  { type: 'snapshot' },
  { type: 'events', seq: 1, events: [{}] },
];

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function paths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (value && typeof value === 'object' && out.length < 400) {
    for (const [k, v] of Object.entries(value)) {
      const p = [...prefix, Array.isArray(value) ? Number(k) : k];
      out.push(p);
      paths(v, p, out);
    }
  }
  return out;
}

function parentOf(root: unknown, path: (string | number)[]): Record<string | number, unknown> | undefined {
  let node = root as Record<string | number, unknown> | undefined;
  for (const key of path.slice(0, -1)) node = node?.[key] as Record<string | number, unknown> | undefined;
  return node && typeof node === 'object' ? node : undefined;
}

export class Fuzzer {
  constructor(private readonly random: () => number) {}

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  /** One mutation of `base` (a valid message); sometimes several, sometimes none (valid input counts too). */
  mutate(base: unknown, types: readonly string[]): unknown {
    const roll = this.random();
    if (roll < 0.03) return this.pick(JUNK);
    if (roll < 0.08) return clone(base);
    const value = clone(base) as Record<string, unknown>;
    const count = 1 + Math.floor(this.random() * 3);
    for (let i = 0; i < count; i++) {
      const all = paths(value);
      const path = all.length > 0 ? this.pick(all) : ['type'];
      const parent = parentOf(value, path);
      const key = path.at(-1) as string | number;
      if (!parent) continue;
      const op = this.random();
      if (op < 0.25) delete parent[key];
      else if (op < 0.6) parent[key] = this.pick(JUNK);
      else if (op < 0.75) parent[key] = typeof parent[key] === 'string' ? `${String(parent[key])}${this.pick(['<script>window.__pwned=2</script>', '\u202e', '\n'.repeat(50), ''])}` : String(parent[key]);
      else if (op < 0.85) value.type = this.pick(types);
      else if (op < 0.93 && typeof parent[key] === 'number') parent[key] = (parent[key] as number) + this.pick([-1, 1, 1_000_000, -1_000_000]);
      else parent[key] = clone(this.pick(all.length > 0 ? [value] : [{}]));
    }
    return value;
  }
}

/** Valid host -> webview messages to start from. */
export function hostBases(): unknown[] {
  const turn = finishedTurn('t1');
  const asking = new TurnEvents('t2').start('Add an exercise').text('Which level?').question('q1', THREE_QUESTIONS).done('awaiting_user');
  const confirming = new TurnEvents('t3').start('Remove a part').confirmation('c1', CONFIRMATION).done('awaiting_user');
  const view = sessionFrom([...turn.events, ...asking.events]);
  return [
    snapshot(view, turn.events.length + asking.events.length),
    snapshot(sessionFrom(confirming.events), confirming.events.length, { notices: ['A notice'] }),
    { type: 'events', seq: 1, events: narratedTurn('t9').events },
    { type: 'events', seq: 2, events: [...new TurnEvents('t1').text('more text').events] },
    { type: 'events', seq: 3, events: new TurnEvents('t1').error('overloaded', 'Overloaded', true).events },
    { type: 'sessions', sessions: [{ id: 's1', title: 'Verbs', createdAt: 1_690_000_000_000, updatedAt: 1_700_000_000_000, messageCount: 2 }] },
    { type: 'meta', meta: { hasApiKey: true, demo: false, model: 'claude-sonnet-5-5', restricted: false, skills: [], notices: [] } },
    { type: 'prefill', text: 'Add an exercise', send: false },
    { type: 'focusInput' },
    { type: 'exported', sessionId: 's1', name: 'verbs.md', folder: 'tmp', path: '/tmp/verbs.md', uri: 'file:///tmp/verbs.md' },
    { type: 'response', requestId: 'r1', ok: true, result: { ok: true } },
  ];
}

export const HOST_TYPES = ['snapshot', 'events', 'sessions', 'meta', 'prefill', 'focusInput', 'exported', 'response', 'nonsense'];

/** Valid webview -> host messages that do not start a model turn, to start from. */
export function webviewBases(sessionId: string): unknown[] {
  return [
    { type: 'ready' },
    { type: 'stop' },
    { type: 'retry' },
    { type: 'answer', toolCallId: 'toolu_none', answers: ['B1'] },
    { type: 'decide', toolCallId: 'toolu_none', approved: false, feedback: 'no' },
    { type: 'reviewProposal', toolCallId: 'toolu_none' },
    { type: 'reviewEdit', editId: 'edit-none' },
    { type: 'revertEdit', editId: 'edit-none', requestId: 'r1' },
    { type: 'openSession', sessionId },
    { type: 'renameSession', sessionId, title: 'Renamed' },
    { type: 'exportSession', sessionId },
    { type: 'showDocument' },
    { type: 'openFile', uri: 'file:///tmp/x.md' },
    { type: 'pickFile', requestId: 'r2' },
    { type: 'log', level: 'warn', message: 'from the fuzzer' },
  ];
}

export const WEBVIEW_TYPES = ['ready', 'send', 'stop', 'retry', 'answer', 'decide', 'reviewProposal', 'reviewEdit', 'revertEdit', 'newSession', 'openSession', 'renameSession', 'deleteSession', 'exportSession', 'showDocument', 'openFile', 'setApiKey', 'openSettings', 'pickFile', 'log', 'nonsense'];
