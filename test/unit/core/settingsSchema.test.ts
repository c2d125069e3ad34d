// The settings as VS Code validates them from package.json: a default must never be flagged as
// wrong by its own schema (the Base URL setting was red on its empty default), and package.json
// states the core's one settings schema, which the editor and the CLI both read, not its own.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as z from 'zod';
import { parseCommand } from '../../../src/cliArgs';
import { NUMBER_SETTINGS, numberSettingProblem, parseSettingFlag, SETTING_NAMES, settingsInputSchema, type NumberKey, type SettingKey } from '../../../src/core/settings';

interface Property {
  type?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  items?: unknown;
  pattern?: string;
  format?: string;
  patternErrorMessage?: string;
}

const manifest = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, Property> } } };
const properties = manifest.contributes.configuration.properties;

describe('settings schema', () => {
  it('accepts every default by its own pattern, and has no format a default fails', () => {
    for (const [key, p] of Object.entries(properties)) {
      if (p.pattern && typeof p.default === 'string') assert.match(p.default, new RegExp(p.pattern), `${key}: its default passes its pattern`);
      if (p.format === 'uri') assert.notEqual(p.default, '', `${key}: an empty default fails format "uri"`);
    }
  });

  it('Base URL: empty or an http(s) address, with words for the teacher when it is neither', () => {
    const p = properties['lessonAgent.baseUrl'];
    assert.ok(p?.pattern && p.patternErrorMessage);
    const accepts = (v: string) => new RegExp(p.pattern as string).test(v);
    assert.ok(accepts(''));
    assert.ok(accepts('https://api.anthropic.com'));
    assert.ok(accepts('http://127.0.0.1:8080/v1'));
    assert.ok(!accepts('api.anthropic.com'), 'an address needs its scheme');
    assert.ok(!accepts('https://a b'), 'no spaces');
    const nls = JSON.parse(readFileSync(resolve('package.nls.json'), 'utf8')) as Record<string, string>;
    assert.match(nls[p.patternErrorMessage.replace(/%/g, '')] ?? '', /http:\/\/ or https:\/\//);
  });

  it("the CLI takes --base-url by the Base URL setting's own rule, a host required", () => {
    const candidates = ['', 'https://api.anthropic.com', 'http://127.0.0.1:8080/v1', 'http://[::1]:8080', 'http://:80', 'https:///v1', 'https://', 'ftp://example.org', 'api.anthropic.com', 'https://a b'];
    for (const url of candidates) {
      const setting = settingsInputSchema.shape.baseUrl.safeParse(url).success;
      let cli = true;
      try {
        parseCommand(['run', '--doc', 'lesson.xml', '--prompt', 'hi', '--session-dir', 'sessions', '--base-url', url]);
      } catch {
        cli = false;
      }
      assert.equal(cli, setting, `"${url}": the CLI ${cli ? 'takes' : 'refuses'} it, the setting ${setting ? 'takes' : 'refuses'} it`);
    }
    for (const junk of ['http://:80', 'https:///v1', 'https://']) assert.equal(settingsInputSchema.shape.baseUrl.safeParse(junk).success, false, `${junk} names no host`);
  });

  it('a number out of range is said in the same words by the editor (its log) and the CLI, each naming it its own way', () => {
    for (const key of Object.keys(NUMBER_SETTINGS) as NumberKey[]) {
      const s = NUMBER_SETTINGS[key];
      const editorName = `lessonAgent.${SETTING_NAMES[key]}`;
      for (const bad of [s.max + 1, s.min - 1, s.min + 0.5]) {
        const editor = numberSettingProblem(key, bad, editorName) ?? '';
        assert.ok(editor.startsWith(`${editorName} must be a whole number`), `${key} ${bad}: ${editor}`);
        assert.ok(editor.includes(`from ${s.min} to ${s.max}`));
        if (!s.flag) continue;
        const cli = parseSettingFlag(key, String(bad));
        assert.equal(cli.ok, false);
        assert.equal(!cli.ok && cli.message, editor.replace(editorName, `--${s.flag}`));
      }
      assert.equal(numberSettingProblem(key, s.min, editorName), undefined, `${key}: its minimum is fine`);
    }
  });

  it('is the core\'s settings schema, every lessonAgent.* setting both ways: its type, default, bounds, choices and pattern', () => {
    const ours = (z.toJSONSchema(settingsInputSchema, { io: 'input' }) as { properties: Record<string, Property> }).properties;
    const schema = new Map(Object.entries(ours).map(([key, p]) => [`lessonAgent.${SETTING_NAMES[key as SettingKey]}`, p]));
    assert.deepEqual(Object.keys(properties).sort(), [...schema.keys()].sort(), 'the same settings in package.json and the core');
    const source = (pattern: string | undefined) => (pattern === undefined ? undefined : new RegExp(pattern).source);
    for (const [name, p] of schema) {
      const manifest = properties[name] ?? {};
      for (const word of ['type', 'default', 'minimum', 'maximum', 'enum', 'items'] as const) assert.deepEqual(manifest[word], p[word], `${name}: ${word}`);
      assert.equal(source(manifest.pattern), source(p.pattern), `${name}: pattern`);
    }
  });
});
