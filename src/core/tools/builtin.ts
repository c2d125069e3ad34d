// The editing tools the agent always has. load_skill's enum comes from the catalog, so the list
// is built from one: call it again when the skills change (the tools' JSON then changes too,
// which costs one prompt-cache write, and only then).
import type { SkillCatalog } from '../skills/types';
import { createDocumentTool } from './createDocument';
import { editDocumentTool } from './editDocument';
import { editTextTool } from './editText';
import { importQuizTool } from './importQuiz';
import { createLoadSkillTool } from './loadSkill';
import { readDocumentTool } from './readDocument';
import { replaceElementTool } from './replaceElement';
import type { AnyTool } from './types';

// The same catalog yields the same tool objects, so callers that ask every turn keep identical
// (cached) tool JSON without holding on to the list themselves.
const byCatalog = new WeakMap<SkillCatalog, AnyTool[]>();

export function builtinTools(catalog: SkillCatalog): AnyTool[] {
  const known = byCatalog.get(catalog);
  if (known) return known;
  const tools = [createLoadSkillTool(catalog), readDocumentTool, editTextTool, replaceElementTool, editDocumentTool, createDocumentTool, importQuizTool];
  byCatalog.set(catalog, tools);
  return tools;
}
