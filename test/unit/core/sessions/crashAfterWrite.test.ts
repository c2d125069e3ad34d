// A crash between the document write and the session save: the edit was journalled before it
// landed, so after the crash it is recorded as applied (Review and Revert work, the model is told it
// was applied); a crash just before the write leaves it recorded as not applied, and says so.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import { Agent } from '../../../../src/core/agent/agent';
import { revertEdit } from '../../../../src/core/chat/revert';
import { FileDocument } from '../../../../src/core/documents/fileDocument';
import { FileSessionStore } from '../../../../src/core/sessions/fileStore';
import { DEFAULT_SETTINGS } from '../../../../src/core/settings';
import { editTextTool } from '../../../../src/core/tools/editText';
import { startFakeAnthropic, type FakeAnthropic } from '../../../fake/fakeAnthropic';

const LESSON = '<lesson title="Verbs" lang="fr">\n  <h1>Les verbes</h1>\n  <p>Bonjour à tous.</p>\n</lesson>\n';
const EVENING = LESSON.replace('Bonjour', 'Bonsoir');
const CHILD = join(__dirname, 'crashAfterWrite.child.js');

function runChild(args: string[]): Promise<{ signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CHILD, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (_code, signal) => resolve({ signal, stdout, stderr }));
  });
}

interface SentBlock {
  type: string;
  tool_use_id?: string;
  content?: string;
  is_error?: boolean;
}

describe('a crash between the document write and the session save', function () {
  this.timeout(30_000);
  let dir: string;
  let fake: FakeAnthropic;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'la-crash-'));
    fake = await startFakeAnthropic({
      steps: [
        { blocks: [{ type: 'tool_use', id: 'toolu_evening', name: 'edit_text', input: { edits: [{ find: 'Bonjour à tous.', replace: 'Bonsoir à tous.' }], summary: 'Evening' } }] },
        { blocks: [{ type: 'text', text: 'Noted.' }] },
      ],
    });
  });
  afterEach(async () => {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function crash(when: 'after' | 'before'): Promise<{ id: string; docPath: string; agent: Agent; document: FileDocument }> {
    const docPath = join(dir, 'verbs.lesson.xml');
    await writeFile(docPath, LESSON, 'utf8');
    const result = await runChild([join(dir, 'sessions'), docPath, fake.url, when]);
    assert.equal(result.signal, 'SIGKILL', result.stderr);
    const id = result.stdout.trim();
    const document = new FileDocument(docPath);
    const agent = new Agent({
      store: new FileSessionStore(join(dir, 'sessions')),
      createClient: () => new Anthropic({ apiKey: 'sk-ant-crash-test-9z8y7x6w', baseURL: fake.url, maxRetries: 0 }),
      tools: () => [editTextTool],
      skills: () => ({ list: () => [], get: () => undefined }),
      document: () => document,
      workspace: () => undefined,
      settings: () => ({ ...DEFAULT_SETTINGS, approvalEdits: 'never' }),
    });
    return { id, docPath, agent, document };
  }

  /** The tool_result the next request sends for the crashed call. */
  async function nextResult(agent: Agent, id: string): Promise<SentBlock | undefined> {
    const outcome = await agent.run({ kind: 'message', sessionId: id, text: 'what happened?' }, () => undefined);
    assert.equal(outcome.status, 'completed', outcome.error?.message);
    const messages = fake.requests.at(-1)?.body.messages as Array<{ content: SentBlock[] }>;
    return messages.flatMap((m) => m.content).find((b) => b.type === 'tool_result' && b.tool_use_id === 'toolu_evening');
  }

  it('records an edit that landed as applied: Review and Revert work, and the model is told it was applied', async () => {
    const { id, docPath, agent, document } = await crash('after');
    assert.equal(await readFile(docPath, 'utf8'), EVENING, 'the edit reached the file');
    const session = await agent.openSession(id);
    assert.equal(session.edits.length, 1, 'the edit is recorded');
    const call = session.toolCalls.toolu_evening;
    assert.equal(call?.status, 'success');
    assert.equal(call?.editId, session.edits[0]?.id);
    const result = await nextResult(agent, id);
    assert.ok(result && !result.is_error, JSON.stringify(result));
    assert.match(result.content ?? '', /applied/i);
    const edit = (await agent.readSession(id)).edits[0];
    assert.ok(edit);
    assert.deepEqual(await revertEdit(document, edit), { ok: true });
    assert.equal(await readFile(docPath, 'utf8'), LESSON, 'Revert undid it');
  });

  it('records an edit that never landed as not applied, and tells the model so', async () => {
    const { id, docPath, agent } = await crash('before');
    assert.equal(await readFile(docPath, 'utf8'), LESSON);
    const session = await agent.openSession(id);
    assert.equal(session.toolCalls.toolu_evening?.status, 'error');
    const result = await nextResult(agent, id);
    assert.ok(result?.is_error, JSON.stringify(result));
    assert.match(result.content ?? '', /not applied/i);
  });
});
