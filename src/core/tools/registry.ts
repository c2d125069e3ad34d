// The tools of one turn: declared once (zod schema -> JSON schema for the API), looked up by name,
// inputs validated before anything runs. An unknown name or a bad input is an answer for the model
// (an is_error tool_result), never an exception.
import type Anthropic from '@anthropic-ai/sdk';
import * as z from 'zod';
import type { AnyTool } from './types';

export type ParseResult = { ok: true; value: unknown } | { ok: false; message: string };

export interface ToolRegistry {
  readonly tools: readonly AnyTool[];
  /** The `tools` parameter of a request: byte-identical as long as the tools are the same. */
  readonly apiTools: readonly Anthropic.Tool[];
  get(name: string): AnyTool | undefined;
  parse(tool: AnyTool, input: unknown): ParseResult;
}

// The same tool object always yields the same JSON (prompt caching depends on it), and converting
// a schema is not free, so each tool's API form is computed once.
const apiForms = new WeakMap<AnyTool, Anthropic.Tool>();

export function toApiTool(tool: AnyTool): Anthropic.Tool {
  const cached = apiForms.get(tool);
  if (cached) return cached;
  // 'input' describes what the model may send (fields with defaults are optional).
  const { $schema: _schema, ...schema } = z.toJSONSchema(tool.inputSchema, { io: 'input' }) as Record<string, unknown>;
  if (schema.type !== 'object') throw new Error(`Tool ${tool.name}: its input schema must be an object`);
  const api: Anthropic.Tool = {
    name: tool.name,
    description: tool.description,
    input_schema: schema as Anthropic.Tool.InputSchema,
  };
  apiForms.set(tool, api);
  return api;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 8)
    .map((i) => `- ${i.path.length > 0 ? i.path.join('.') : '(input)'}: ${i.message}`)
    .join('\n');
}

export function createToolRegistry(tools: readonly AnyTool[], log?: (message: string) => void): ToolRegistry {
  const byName = new Map<string, AnyTool>();
  for (const tool of tools) {
    if (byName.has(tool.name)) {
      // Two tools with one name would make every request invalid: the first one wins.
      log?.(`Tool ${tool.name} is declared twice; the second declaration is ignored.`);
      continue;
    }
    byName.set(tool.name, tool);
  }
  const unique = [...byName.values()];
  return {
    tools: unique,
    apiTools: unique.map(toApiTool),
    get: (name) => byName.get(name),
    parse(tool, input) {
      const result = tool.inputSchema.safeParse(input);
      if (result.success) return { ok: true, value: result.data };
      return { ok: false, message: `Invalid input for ${tool.name}:\n${describeIssues(result.error)}\nFix the input and call the tool again.` };
    },
  };
}

export function unknownToolMessage(name: string, registry: ToolRegistry): string {
  const names = registry.tools.map((t) => t.name).join(', ');
  return `Unknown tool "${name}". The tools you can call are: ${names || '(none)'}.`;
}
