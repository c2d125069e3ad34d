// Runs one turn whose edit_text call is killed (SIGKILL, no cleanup) right after the document was
// written and before anything else happens ("after"), the moment a crash hurts most, or right
// before the write ("before"). Used by crashAfterWrite.test.ts.
// Arguments: session dir, document path, fake server URL, after|before.
import Anthropic from '@anthropic-ai/sdk';
import { Agent, createSession } from '../../../../src/core/agent/agent';
import { FileDocument } from '../../../../src/core/documents/fileDocument';
import type { ApplyResult, DocumentSnapshot, TextEdit } from '../../../../src/core/documents/types';
import { FileSessionStore } from '../../../../src/core/sessions/fileStore';
import { DEFAULT_SETTINGS } from '../../../../src/core/settings';
import { editTextTool } from '../../../../src/core/tools/editText';

class DyingDocument extends FileDocument {
  override async applyEdits(edits: readonly TextEdit[], base: DocumentSnapshot, label: string): Promise<ApplyResult> {
    if (process.argv[5] === 'before') process.kill(process.pid, 'SIGKILL');
    const result = await super.applyEdits(edits, base, label);
    if (result.ok) process.kill(process.pid, 'SIGKILL');
    return result;
  }
}

async function main(): Promise<void> {
  const [sessionDir, docPath, url] = process.argv.slice(2);
  if (!sessionDir || !docPath || !url) throw new Error('usage: crashAfterWrite.child SESSION_DIR DOC URL');
  const store = new FileSessionStore(sessionDir);
  const document = new DyingDocument(docPath);
  const agent = new Agent({
    store,
    createClient: () => new Anthropic({ apiKey: 'sk-ant-crash-child-1a2b3c4d', baseURL: url, maxRetries: 0 }),
    tools: () => [editTextTool],
    skills: () => ({ list: () => [], get: () => undefined }),
    document: () => document,
    workspace: () => undefined,
    settings: () => ({ ...DEFAULT_SETTINGS, approvalEdits: 'never' }),
  });
  const session = await createSession(store, { document: { uri: document.uri, name: document.name, kind: document.kind } });
  process.stdout.write(`${session.id}\n`);
  await agent.run({ kind: 'message', sessionId: session.id, text: 'say good evening' }, () => undefined);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
