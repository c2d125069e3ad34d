// A fake Anthropic Messages API on 127.0.0.1: the exact streaming wire format, driven by a scenario
// (scripted steps or matching rules, with faults), recording every request for assertions. The real
// SDK talks to it over real HTTP, so retries, aborts and stream parsing are the SDK's own.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { contentDigest, inspectRequest, type Inspection } from './apiRules';
import { AttemptCounter, matchRule, requestFacts, type Matched } from './matching';
import { Languages } from './languages';
import { fillStep } from './placeholders';
import { readRequest } from './prefix';
import { PromptCache } from './promptCache';
import { parseScenario, type Scenario, type ScenarioInput, type Step } from './scenario';
import { concreteBlocks, contentOf, encodeEvent, errorBody, responseEvents, responseMessage, type WireEvent, type WireOptions } from './wire';

export interface RecordedRequest {
  /** 0-based, counting every request the server received. */
  readonly index: number;
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Record<string, unknown>;
  readonly rawBody: string;
  /** The step's name (or rule index) that answered, and how: 'stream', 'json' or 'fault:<kind>'. */
  readonly step: string | undefined;
  readonly outcome: string;
}

export interface FakeAnthropic {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Replaces the scenario (and restarts the script at its first step). */
  setScenario(scenario: Scenario | ScenarioInput): void;
  close(): Promise<void>;
}

export interface FakeOptions {
  readonly port?: number;
}

const DEFAULT_MODEL = 'claude-fake-1';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether and how the reply shows thinking: as the request asks, else the model's default. */
function thinkingMode(body: Record<string, unknown>): WireOptions['thinking'] {
  const t = body.thinking;
  if (isRecord(t)) return t.type === 'disabled' ? 'none' : t.display === 'summarized' ? 'summarized' : 'omitted';
  // Current models think by default with the text omitted; the 4.5 models only when asked.
  return typeof body.model === 'string' && /^claude-(sonnet|opus|haiku)-4-5/.test(body.model) ? 'none' : 'omitted';
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function write(res: ServerResponse, chunk: string): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve();
    res.write(chunk, () => resolve());
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${Date.now()}`, ...headers });
  res.end(JSON.stringify(body));
}

/**
 * A scenario file as written, with each language's `replies` read in where it names a JSON file
 * beside the scenario (demo.json's `"replies": "demo.fr.json"`).
 */
export function readScenarioFile(path: string): ScenarioInput {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as { languages?: Record<string, { replies: unknown; hostWords?: unknown }> };
  const beside = (name: unknown): unknown => (typeof name === 'string' ? JSON.parse(readFileSync(join(dirname(path), name), 'utf8')) : name);
  for (const language of Object.values(raw.languages ?? {})) {
    language.replies = beside(language.replies);
    if (language.hostWords !== undefined) language.hostWords = beside(language.hostWords);
  }
  // Checked by the scenario's schema where it is parsed.
  return raw as ScenarioInput;
}

export function loadScenarioFile(path: string): Scenario {
  return parseScenario(readScenarioFile(path));
}

class FakeServer {
  scenario: Scenario;
  private languages: Languages;
  readonly requests: RecordedRequest[] = [];
  private scriptIndex = 0;
  private ids = 0;
  /** Real ids never repeat; without this part every server instance would start at the same ids,
   *  and a session kept from an earlier run (npm start, a reload) would see them again. */
  private readonly instance = randomBytes(3).toString('hex');
  private readonly cache = new PromptCache();
  private readonly attempts = new AttemptCounter();
  /** Digests of replies this fake ended with pause_turn: those may come back as the last message. */
  private readonly pausedReplies = new Set<string>();

  constructor(scenario: Scenario) {
    this.scenario = scenario;
    this.languages = new Languages(scenario.languages);
  }

  reset(scenario: Scenario): void {
    this.scenario = scenario;
    this.languages = new Languages(scenario.languages);
    this.scriptIndex = 0;
  }

  /** Picks the step for a request and fills its placeholders. */
  private pick(body: Record<string, unknown>, index: number): { step: Step; label: string } | undefined {
    const tries = this.attempts.next(body);
    const picked = this.choose(body, index, tries.attempt);
    tries.settle(picked?.step.fault !== undefined);
    return picked;
  }

  private choose(body: Record<string, unknown>, index: number, attempt: number): { step: Step; label: string } | undefined {
    const languages = this.languages;
    const facts = requestFacts(body, attempt, languages);
    const s = this.scenario;
    const translate = (raw: string): string => languages.reply(raw, facts.language);
    const fill = (step: Step, match: Matched = { groups: [], named: {} }): Step =>
      fillStep(step, { match, facts, values: s.values, templates: s.templates, requestIndex: index, translate });
    if (s.steps) {
      const step = s.steps[this.scriptIndex];
      this.scriptIndex++;
      if (step) return { step: fill(step), label: step.name ?? `step ${this.scriptIndex - 1}` };
    }
    for (const [i, rule] of (s.rules ?? []).entries()) {
      const match = matchRule(rule.when, facts);
      if (match) return { step: fill(rule.respond, languages.quoting(match, facts.language)), label: rule.respond.name ?? `rule ${i}` };
    }
    return s.fallback ? { step: fill(s.fallback), label: s.fallback.name ?? 'fallback' } : undefined;
  }

  private wireOptions(body: Record<string, unknown>, inspection: Inspection): WireOptions {
    this.ids++;
    const n = this.ids;
    let tools = 0;
    const usage = { ...this.cache.usageFor(body), output_tokens: 0 };
    const requestModel = typeof body.model === 'string' ? body.model : DEFAULT_MODEL;
    return {
      messageId: `msg_fake_${this.instance}_${n}`,
      model: this.scenario.model ?? requestModel,
      requestModel,
      thinking: thinkingMode(body),
      usage,
      textChunk: this.scenario.chunk ?? 8,
      jsonChunk: this.scenario.jsonChunk ?? 24,
      newToolUseId: () => `toolu_fake_${this.instance}_${n}_${++tools}`,
      prefix: readRequest(body, inspection.messages),
      ...(inspection.reportsDrops ? { dropped: inspection.dropped } : {}),
    };
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const rawBody = await readBody(req);
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = rawBody ? JSON.parse(rawBody) : {};
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      // Recorded with an empty body; answered below as the real API would.
    }
    const index = this.requests.length;
    const record = (step: string | undefined, outcome: string): void => {
      this.requests.push({ index, method: req.method ?? 'GET', path, headers: req.headers, body, rawBody, step, outcome });
    };
    if (req.method !== 'POST' || path !== '/v1/messages') {
      record(undefined, 'not_found');
      return sendJson(res, 404, errorBody('not_found_error', `The fake serves POST /v1/messages only, not ${req.method} ${path}`));
    }
    const inspection = inspectRequest(body, req.headers, this.pausedReplies);
    if (inspection.refusal) {
      record(undefined, 'refused:400');
      return sendJson(res, 400, errorBody('invalid_request_error', inspection.refusal));
    }
    const picked = this.pick(body, index);
    if (!picked) {
      record(undefined, 'exhausted');
      return sendJson(res, 400, errorBody('invalid_request_error', `Fake scenario has no response for request #${index}`));
    }
    const { step, label } = picked;
    const fault = step.fault;
    if (fault?.kind === 'http') {
      record(label, `fault:http:${fault.status}`);
      const headers: Record<string, string> = {};
      if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
      if (fault.retryAfterMs !== undefined) headers['retry-after-ms'] = String(fault.retryAfterMs);
      if (fault.shouldRetry !== undefined) headers['x-should-retry'] = String(fault.shouldRetry);
      return sendJson(res, fault.status, errorBody(fault.errorType, fault.message), headers);
    }
    if (fault?.kind === 'hang') {
      // No status line, no headers: only the client's own timeout ends this.
      record(label, 'fault:hang');
      return;
    }
    const opts = this.wireOptions(body, inspection);
    const blocks = concreteBlocks(step, opts);
    if (step.stopReason === 'pause_turn') this.pausedReplies.add(contentDigest(contentOf(blocks)));
    if (body.stream !== true) {
      record(label, 'json');
      return sendJson(res, 200, responseMessage(step, blocks, opts));
    }
    record(label, fault ? `fault:${fault.kind}` : 'stream');
    await this.stream(res, step, responseEvents(step, blocks, opts));
  }

  /** A model thinking without showing it: nothing but pings for `silentMs`. */
  private async silence(res: ServerResponse, step: Step): Promise<void> {
    const until = Date.now() + (step.silentMs ?? 0);
    while (Date.now() < until && !res.destroyed) {
      await sleep(Math.min(step.pingEveryMs ?? 100, Math.max(0, until - Date.now())));
      await write(res, encodeEvent({ event: 'ping', data: { type: 'ping' } }));
    }
  }

  private async stream(res: ServerResponse, step: Step, events: WireEvent[]): Promise<void> {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'request-id': `req_fake_${this.ids}`,
    });
    const fault = step.fault;
    const limit = fault && 'afterEvents' in fault ? Math.min(fault.afterEvents, events.length) : events.length;
    const delay = step.delayMs ?? this.scenario.delayMs ?? 0;
    // Batch the writes when there is no delay: a 10,000-delta stream should not cost 10,000 syscalls.
    let buffer = '';
    for (let i = 0; i < limit && !res.destroyed; i++) {
      buffer += encodeEvent(events[i] as WireEvent);
      if (i === 0 && step.silentMs) {
        await write(res, buffer);
        buffer = '';
        await this.silence(res, step);
        continue;
      }
      if (delay > 0 || buffer.length > 16_384) {
        await write(res, buffer);
        buffer = '';
        if (delay > 0) await sleep(delay);
      }
    }
    if (buffer) await write(res, buffer);
    if (!fault || fault.kind === 'http' || fault.kind === 'hang') return void res.end();
    switch (fault.kind) {
      case 'malformed':
        await write(res, `event: content_block_delta\ndata: ${fault.data}\n\n`);
        return void res.end();
      case 'error_event':
        await write(res, encodeEvent({ event: 'error', data: errorBody(fault.errorType, fault.message) }));
        return void res.end();
      case 'drop':
        res.socket?.destroy();
        return;
      case 'truncate':
        return void res.end();
      case 'stall':
        // Nothing more: the response stays open until the client gives up or the server closes.
        return;
    }
  }
}

/** Starts a fake on 127.0.0.1 (a random port unless given); `scenario` may be a file path. */
export async function startFakeAnthropic(
  scenario: Scenario | ScenarioInput | string,
  options: FakeOptions = {},
): Promise<FakeAnthropic> {
  const parsed = typeof scenario === 'string' ? loadScenarioFile(scenario) : parseScenario(scenario);
  const fake = new FakeServer(parsed);
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    fake.handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody('api_error', `Fake server failure: ${String(err)}`));
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: fake.requests,
    setScenario: (s) => fake.reset(parseScenario(s)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
