// A real tool context over a temp folder: a FileDocument, a FileWorkspace and the built-in skills.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FileDocument } from '../../../../src/core/documents/fileDocument';
import { FileWorkspace } from '../../../../src/core/documents/fileWorkspace';
import type { DocumentSnapshot } from '../../../../src/core/documents/types';
import { loadSkillCatalog } from '../../../../src/core/skills/catalog';
import type { SkillCatalog } from '../../../../src/core/skills/types';
import type { ToolContext, ToolSettings } from '../../../../src/core/tools/types';

export const LESSON = `<lesson title="Le marché" level="A2">
  <h1>Au marché</h1>
  <p id="intro">Chaque samedi, Claire va au marché avec son frère.</p>
  <p id="fruit">Ils achètent des pommes et des fraises.</p>
  <exercise id="fb-1" type="fill-blanks">
    <p>Claire <blank answer="va" hint="aller" student-answer=""/> au marché.</p>
  </exercise>
</lesson>
`;

type ContextOverrides = Partial<Omit<ToolContext, 'settings'>> & { settings?: Partial<ToolSettings> };

export interface Workbench {
  readonly dir: string;
  readonly document: FileDocument;
  readonly workspace: FileWorkspace;
  readonly skills: SkillCatalog;
  context(overrides?: ContextOverrides): ToolContext;
  /** What the model saw: the document as it is now. */
  seen(): Promise<DocumentSnapshot>;
  dispose(): Promise<void>;
}

export async function workbench(fileName = 'unit.lesson.xml', text = LESSON): Promise<Workbench> {
  const dir = await mkdtemp(join(tmpdir(), 'tools-'));
  const path = join(dir, fileName);
  await writeFile(path, text);
  const document = new FileDocument(path);
  const workspace = new FileWorkspace(dir);
  const { catalog: skills } = await loadSkillCatalog({ builtinDir: resolve('skills') });
  return {
    dir,
    document,
    workspace,
    skills,
    context: (overrides = {}) => {
      const { settings, ...rest } = overrides;
      return {
        sessionId: 's1',
        turnId: 't1',
        toolUseId: 'toolu_1',
        document,
        documentSeen: undefined,
        workspace,
        skills,
        signal: new AbortController().signal,
        now: () => 1_700_000_000_000,
        // The loop records the edit in the session here; the tools only need an id back.
        beginEdit: async () => 'edit-1',
        userRequest: undefined,
        ...rest,
        settings: { approvalEdits: 'large', alwaysConfirm: [], ...settings },
      };
    },
    seen: () => document.read(),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Call inside a `describe`: each test gets a fresh workbench over `text`, made before it and
 * removed after it. The object returned is the same for every test, refilled with its own.
 */
export function useWorkbench(fileName?: string, text?: string): Workbench {
  const bench = {} as Workbench;
  beforeEach(async () => {
    Object.assign(bench, await workbench(fileName, text));
  });
  afterEach(() => bench.dispose());
  return bench;
}
