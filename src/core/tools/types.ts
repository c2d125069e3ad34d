// The tool contract: one file per tool, each with its zod input schema, display text and handler.
import type * as z from 'zod';
import type { ConfirmationRequest } from '../../shared/events';
import type { DocumentAccess, DocumentSnapshot, WorkspaceAccess } from '../documents/types';
import type { PlannedEdit } from '../edits/plannedEdit';
import type { SkillCatalog } from '../skills/types';

/** When an edit asks the teacher first: never, only when large (the default), always. */
export const APPROVAL_RULES = ['never', 'large', 'always'] as const;
export type ApprovalRule = (typeof APPROVAL_RULES)[number];

export interface ToolSettings {
  /** When an edit asks first: never, only large removals (more than a quarter), or always. */
  readonly approvalEdits: ApprovalRule;
  /** Tool names the user marked as always needing approval. */
  readonly alwaysConfirm: readonly string[];
  /** Documents longer than this (characters) are not rewritten whole (default 100,000). */
  readonly largeDocumentChars?: number;
}

export interface ToolContext {
  readonly sessionId: string;
  readonly turnId: string;
  readonly toolUseId: string;
  /** The session's bound document, if any. */
  readonly document: DocumentAccess | undefined;
  /** The document as the model last saw it (sent with the latest request). */
  readonly documentSeen: DocumentSnapshot | undefined;
  readonly workspace: WorkspaceAccess | undefined;
  readonly skills: SkillCatalog;
  readonly settings: ToolSettings;
  /**
   * What the user typed to start this turn (attached context left out). Under approval "never"
   * it decides whether a change to students' work was asked for (edits/studentWorkGuard.ts).
   */
  readonly userRequest: string | undefined;
  readonly signal: AbortSignal;
  readonly now: () => number;
  /**
   * Records an edit in the session before it changes the document (so a crash in between cannot
   * lose it) and returns its id. Call it right before applying; report the outcome as `edit`.
   */
  readonly beginEdit: (edit: EditPlan) => Promise<string>;
}

/** An edit about to be applied: the document's text it lands on and the text it should give. */
export interface EditPlan {
  readonly documentUri: string;
  readonly summary: string;
  readonly before: string;
  readonly after: string;
}

/** An edit that landed (begun with beginEdit): the texts it really landed on and gave, for Review and Revert. */
export interface AppliedEdit {
  readonly id: string;
  readonly before: string;
  readonly after: string;
}

export interface ToolResult {
  /** What the model receives as the tool_result content. */
  readonly content: string;
  readonly isError?: boolean;
  /** A short line for the UI (e.g. "3 changes, 120 characters"). */
  readonly summary?: string;
  readonly edit?: AppliedEdit;
  /**
   * The document as the model knows it after this call (its own edit applied, plus any typing
   * by the user that the result showed it). The loop uses it as the next `documentSeen`, so a
   * later full-document edit in the same turn is diffed against what the model really saw.
   */
  readonly documentSeen?: DocumentSnapshot;
}

/** What a confirmation needs: the card's text and, for edits, the proposed text for a diff. */
export interface ConfirmationPlan {
  readonly request: ConfirmationRequest;
  readonly proposal?: { readonly uri: string; readonly before: string; readonly after: string };
}

/**
 * A call of an editing tool, planned once (edits/plan.ts): either the answer the model gets right
 * away (a refusal, "no change"), or an edit with the confirmation the teacher must give first, if
 * any. The loop shows that confirmation and lands exactly that edit (edits/land.ts).
 */
export type ToolPlan =
  | { readonly kind: 'answer'; readonly result: ToolResult }
  | { readonly kind: 'edit'; readonly edit: PlannedEdit; readonly confirmation?: ConfirmationPlan };

export interface ToolDefinition<Input = unknown> {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: z.ZodType<Input>;
  /** The step's label, e.g. "Checking the “Fill in the blanks” rules", for an input that passed the schema. */
  displayText(input: Input): string;
  /**
   * The step's label when the input cannot be read (missing or wrong fields, cut off): what kind of
   * step it was, in the teacher's words ("Creating a file"), never the tool's name.
   */
  genericText(): string;
  /**
   * 'question' tools are never run by the loop: the turn pauses and the user's answer becomes
   * the result (formatAnswer).
   */
  readonly interactive?: 'question';
  /**
   * Editing tools plan their call once; the loop then asks with the plan's confirmation and lands
   * the plan (`needsConfirmation` and `run` are then only views of the plan, for callers that
   * neither pause nor keep it).
   */
  plan?(input: Input, ctx: ToolContext): Promise<ToolPlan>;
  /** Returns a plan when this call must be approved by the user before it runs. */
  needsConfirmation?(input: Input, ctx: ToolContext): Promise<ConfirmationPlan | undefined>;
  run(input: Input, ctx: ToolContext): Promise<ToolResult>;
}

// Tools are heterogeneous in their input type; the registry stores them erased.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = ToolDefinition<any>;
