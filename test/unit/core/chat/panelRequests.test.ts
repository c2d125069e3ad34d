// Every request of the panel's declares its answer, and the host always gives one. At compile time
// (`npm run check-types` reads this file): the handler map must cover every request kind with the
// type the protocol declares (the @ts-expect-error lines fail the build if a gap compiles). At run
// time: every message that carries a requestId has a response schema, and the controller answers a
// failing handler with `ok: false` and its reason instead of leaving the panel to time out.
import * as assert from 'node:assert/strict';
import type { RequestHandlers } from '../../../../src/core/chat/panelRequests';
import type { HostMessage, RequestKind } from '../../../../src/shared/protocol';
import { responseSchemas, webviewMessageSchema } from '../../../../src/shared/protocol';
import { setup, type Setup } from './controllerKit';

const complete = {
  revertEdit: async () => ({ ok: true as const }),
  applyEditAgain: async () => ({ ok: false as const, message: 'The same part has changed since.' }),
  previewRewind: async () => ({ ok: true as const, setAside: 2, broughtBack: 0 }),
  rewind: async () => ({ ok: true as const }),
  editResend: async () => ({ ok: true as const }),
  pickFile: async () => null,
} satisfies RequestHandlers;

// @ts-expect-error a request kind without its handler does not compile
const withoutPickFile: RequestHandlers = { revertEdit: complete.revertEdit, applyEditAgain: complete.applyEditAgain, previewRewind: complete.previewRewind, rewind: complete.rewind, editResend: complete.editResend };

const guessedAnswer = {
  ...complete,
  // @ts-expect-error an answer of another shape than the protocol declares does not compile
  pickFile: async () => ({ path: 'texts/le-renard.md' }),
} satisfies RequestHandlers;

// @ts-expect-error a message that is not a request has no declared answer
const notARequest: RequestKind = 'openSettings';

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** The table's kinds are exactly the request kinds, both ways. */
const tableCoversRequests: Same<keyof typeof responseSchemas, RequestKind> = true;

function responses(s: Setup): Extract<HostMessage, { type: 'response' }>[] {
  return s.webview.posts.filter((p): p is Extract<HostMessage, { type: 'response' }> => p.type === 'response');
}

describe('panel requests: each declares its answer, and the host always answers', () => {
  let s: Setup | undefined;
  afterEach(async () => {
    s?.controller.dispose();
    await s?.harness.close();
    s = undefined;
  });

  it('has a response schema for every message that carries a requestId, and for nothing else', () => {
    void [withoutPickFile, guessedAnswer, notARequest, tableCoversRequests];
    const carrying = webviewMessageSchema.options.filter((option) => 'requestId' in option.shape).map((option) => option.shape.type.value);
    assert.deepEqual([...carrying].sort(), Object.keys(responseSchemas).sort());
    for (const option of webviewMessageSchema.options) {
      if ('requestId' in option.shape) assert.equal(option.shape.requestId.safeParse(undefined).success, false, `${option.shape.type.value} always carries its requestId`);
    }
  });

  it('answers the file picker with the chosen path, null when the dialog was closed, and why when it failed', async () => {
    s = await setup({ steps: [] });
    await s.controller.handle({ type: 'pickFile', requestId: 'r1' });
    s.deps.actions.pickFile = async () => undefined;
    await s.controller.handle({ type: 'pickFile', requestId: 'r2' });
    s.deps.actions.pickFile = async () => {
      throw new Error('The file dialog could not be opened.');
    };
    await s.controller.handle({ type: 'pickFile', requestId: 'r3' });
    assert.deepEqual(responses(s), [
      { type: 'response', requestId: 'r1', ok: true, result: 'lessons/picked.lesson.xml' },
      { type: 'response', requestId: 'r2', ok: true, result: null },
      { type: 'response', requestId: 'r3', ok: false, error: 'The file dialog could not be opened.' },
    ]);
    for (const answer of responses(s).filter((r) => r.ok)) assert.ok(responseSchemas.pickFile.safeParse(answer.result).success, 'each answer fits its schema');
    assert.ok(
      s.logs.some((l) => l.startsWith('error:') && l.includes('pickFile') && l.includes('The file dialog could not be opened.')),
      'the failure is in the log',
    );
  });
});
