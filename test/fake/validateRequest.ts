// What makes a Messages request valid, checked independently of the agent's own code: every test
// that talks to the fake runs this over every recorded request. Returns the problems found.
type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function blocksOf(message: Json): Json[] | undefined {
  if (typeof message.content === 'string') return [{ type: 'text', text: message.content }];
  return Array.isArray(message.content) && message.content.every(isRecord) ? message.content : undefined;
}

const BLOCK_TYPES = new Set(['text', 'tool_use', 'tool_result', 'image', 'document', 'thinking', 'redacted_thinking']);

function checkBlocks(blocks: Json[], role: string, at: string, problems: string[]): void {
  if (blocks.length === 0) problems.push(`${at}: empty content`);
  for (const [j, b] of blocks.entries()) {
    const where = `${at}.content[${j}]`;
    if (!BLOCK_TYPES.has(String(b.type))) problems.push(`${where}: unknown block type ${String(b.type)}`);
    if (b.type === 'text' && (typeof b.text !== 'string' || b.text.length === 0)) problems.push(`${where}: empty text`);
    if (b.type === 'tool_use' && role !== 'assistant') problems.push(`${where}: tool_use in a ${role} message`);
    if (b.type === 'tool_result' && role !== 'user') problems.push(`${where}: tool_result in a ${role} message`);
    if (b.type === 'tool_use' && (typeof b.id !== 'string' || typeof b.name !== 'string' || !isRecord(b.input))) {
      problems.push(`${where}: tool_use needs id, name and an object input`);
    }
  }
}

/** Checks tool_use / tool_result pairing between an assistant message and the next message. */
function checkPairing(messages: Json[], problems: string[]): void {
  const seen = new Set<string>();
  messages.forEach((m, i) => {
    const blocks = blocksOf(m) ?? [];
    const uses = blocks.filter((b) => b.type === 'tool_use').map((b) => String(b.id));
    for (const id of uses) {
      if (seen.has(id)) problems.push(`messages[${i}]: duplicate tool_use id ${id}`);
      seen.add(id);
    }
    const results = blocks.filter((b) => b.type === 'tool_result');
    if (m.role === 'user') {
      const prev = messages[i - 1];
      const expected = prev ? (blocksOf(prev) ?? []).filter((b) => b.type === 'tool_use').map((b) => String(b.id)) : [];
      const leading = blocks.slice(0, results.length);
      if (leading.some((b) => b.type !== 'tool_result')) problems.push(`messages[${i}]: tool_result blocks must come first`);
      const got = results.map((b) => String(b.tool_use_id));
      if (got.join(',') !== expected.join(',')) {
        problems.push(`messages[${i}]: tool_results [${got.join(', ')}] do not answer [${expected.join(', ')}] in order`);
      }
    }
    if (m.role === 'assistant' && uses.length > 0 && i === messages.length - 1) {
      problems.push(`messages[${i}]: the last message has unanswered tool_use blocks`);
    }
  });
}

function checkTools(body: Json, problems: string[]): void {
  if (body.tools === undefined) return;
  if (!Array.isArray(body.tools)) return void problems.push('tools must be an array');
  const names = new Set<string>();
  for (const [i, t] of body.tools.entries()) {
    if (!isRecord(t) || typeof t.name !== 'string' || !/^[a-zA-Z0-9_-]{1,128}$/.test(t.name)) {
      problems.push(`tools[${i}]: invalid name`);
      continue;
    }
    if (names.has(t.name)) problems.push(`tools[${i}]: duplicate name ${t.name}`);
    names.add(t.name);
    if (!isRecord(t.input_schema) || t.input_schema.type !== 'object') problems.push(`tools[${i}]: input_schema must be an object schema`);
  }
}

function countBreakpoints(v: unknown): number {
  if (Array.isArray(v)) return v.reduce((n: number, x) => n + countBreakpoints(x), 0);
  if (!isRecord(v)) return 0;
  const own = v.cache_control !== undefined && v.cache_control !== null ? 1 : 0;
  return own + Object.entries(v).reduce((n, [k, x]) => (k === 'cache_control' ? n : n + countBreakpoints(x)), 0);
}

/**
 * Messages with `role: "system"` (mid-conversation instructions): text only, never first, right
 * after a user message (one of tool results counts) and before an assistant message or at the end,
 * so never between a tool_use and its tool_result. Consecutive ones count as one.
 */
function checkSystemMessages(messages: Json[], problems: string[]): void {
  messages.forEach((m, i) => {
    if (m.role !== 'system') return;
    const blocks = blocksOf(m);
    if (!blocks || blocks.length === 0 || blocks.some((b) => b.type !== 'text' || typeof b.text !== 'string' || b.text.length === 0)) {
      problems.push(`messages.${i}: a system message holds text only`);
    }
    let before = i - 1;
    while (before >= 0 && messages[before]?.role === 'system') before--;
    let after = i + 1;
    while (after < messages.length && messages[after]?.role === 'system') after++;
    if (before < 0) problems.push(`messages.${i}: a system message cannot be the first message`);
    else if (messages[before]?.role !== 'user') problems.push(`messages.${i}: a system message must follow a user message`);
    if (after < messages.length && messages[after]?.role !== 'assistant') problems.push(`messages.${i}: a system message must come before an assistant message or end the conversation`);
  });
}

export function validateMessagesRequest(body: unknown): string[] {
  const problems: string[] = [];
  if (!isRecord(body)) return ['the body is not a JSON object'];
  if (typeof body.model !== 'string' || body.model.length === 0) problems.push('model is missing');
  if (typeof body.max_tokens !== 'number' || !Number.isInteger(body.max_tokens) || body.max_tokens < 1) problems.push('max_tokens is invalid');
  if (body.system !== undefined && typeof body.system !== 'string' && !Array.isArray(body.system)) problems.push('system is invalid');
  const sent = body.messages;
  if (!Array.isArray(sent) || sent.length === 0) return [...problems, 'messages is empty'];
  if (!sent.every(isRecord)) return [...problems, 'a message is not an object'];
  checkSystemMessages(sent, problems);
  // The rest alternate as if the system messages were not there.
  const messages = sent.filter((m) => m.role !== 'system');
  if (messages.length === 0) return [...problems, 'messages holds no user message'];
  messages.forEach((m, i) => {
    const expectedRole = i % 2 === 0 ? 'user' : 'assistant';
    if (m.role !== expectedRole) problems.push(`messages[${i}]: role ${String(m.role)}, expected ${expectedRole} (roles alternate, the first is the user's)`);
    const blocks = blocksOf(m);
    if (!blocks) problems.push(`messages[${i}]: content is invalid`);
    else checkBlocks(blocks, String(m.role), `messages[${i}]`, problems);
  });
  if (messages.at(-1)?.role !== 'user') problems.push('the last message must be the user\'s');
  checkPairing(messages, problems);
  checkTools(body, problems);
  if (countBreakpoints([body.tools, body.system, messages]) > 4) problems.push('more than 4 cache_control breakpoints');
  return problems;
}
