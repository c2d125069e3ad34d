// The editing tools the agent always has. load_skill's enum comes from the catalog, so the list
// is built from one: call it again when the skills change (the tools' JSON then changes too,
// which costs one prompt-cache write, and only then).
import type { SkillCatalog } from '../skills/types';
import { createDocumentTool } from './createDocument';
import { editDocumentTool } from './editDocument';
import { editTextTool } from './editText';
import { createLoadSkillTool } from './loadSkill';
import type { AnyTool } from './types';

export function builtinTools(catalog: SkillCatalog): AnyTool[] {
  return [createLoadSkillTool(catalog), editTextTool, editDocumentTool, createDocumentTool];
}
