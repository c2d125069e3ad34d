// What the host told the webview: the session view, the sessions list and the host's meta. The
// host is the source of truth; this reducer only applies its snapshots and event batches, in order.
import type { HostMessage } from '../../../src/shared/protocol';
import type { HostMeta, SessionSummary, SessionView } from '../../../src/shared/view';
import { emptySessionView } from '../../../src/shared/view';
import { applyAgentEvents } from '../../../src/shared/viewReducer';

export interface HostState {
  /** True once the first snapshot arrived. */
  ready: boolean;
  /** The seq of the last event applied (from the snapshot, then from each batch). */
  seq: number;
  session: SessionView;
  sessions: SessionSummary[];
  meta: HostMeta;
}

export const initialHostState: HostState = {
  ready: false,
  seq: 0,
  session: emptySessionView('', ''),
  sessions: [],
  meta: { hasApiKey: true, demo: false, model: '', restricted: false, skills: [], notices: [] },
};

export interface HostApplyResult {
  state: HostState;
  warnings: string[];
  /** Events were missed (a gap in seq): the webview should ask for a fresh snapshot. */
  resync: boolean;
}

type EventsMessage = Extract<HostMessage, { type: 'events' }>;

function applyEvents(state: HostState, msg: EventsMessage, warnings: string[]): { state: HostState; resync: boolean } {
  if (!state.ready) {
    warnings.push(`ignored events up to seq ${msg.seq}: no snapshot yet`);
    return { state, resync: false };
  }
  if (msg.seq <= state.seq) {
    warnings.push(`ignored a stale batch (seq ${msg.seq} <= ${state.seq})`);
    return { state, resync: false };
  }
  const first = msg.seq - msg.events.length + 1;
  if (first > state.seq + 1) {
    warnings.push(`missed events ${state.seq + 1}..${first - 1}: asking for a snapshot`);
    return { state, resync: true };
  }
  // A batch that overlaps what we have: apply only the part we have not seen.
  const fresh = msg.events.slice(state.seq + 1 - first);
  const session = applyAgentEvents(state.session, fresh, (w) => warnings.push(w));
  return { state: { ...state, seq: msg.seq, session }, resync: false };
}

/** Applies the host messages that carry state; `prefill` and `response` are handled as effects. */
export function applyHostMessages(state: HostState, messages: readonly HostMessage[]): HostApplyResult {
  const warnings: string[] = [];
  let resync = false;
  let next = state;
  for (const msg of messages) {
    switch (msg.type) {
      case 'snapshot':
        next = { ready: true, seq: msg.seq, session: msg.session, sessions: msg.sessions, meta: msg.meta };
        resync = false;
        break;
      case 'events': {
        if (resync) break; // after a gap, wait for the snapshot the webview is about to ask for
        const r = applyEvents(next, msg, warnings);
        next = r.state;
        resync = r.resync;
        break;
      }
      case 'sessions':
        next = { ...next, sessions: msg.sessions };
        break;
      case 'meta':
        next = { ...next, meta: msg.meta };
        break;
      default:
        break;
    }
  }
  return { state: next, warnings, resync };
}
