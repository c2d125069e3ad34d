// The getting-started walkthrough ticks its steps by itself: each step names a completion event
// VS Code knows (onLanguage is not one: the "Open a lesson" step never ticked) and that the product
// fires: a command or view it contributes, or a context key its own code sets.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

interface Manifest {
  activationEvents: string[];
  contributes: {
    commands: Array<{ command: string }>;
    views: Record<string, Array<{ id: string }>>;
    walkthroughs: Array<{ steps: Array<{ id: string; completionEvents?: string[] }> }>;
  };
}

const manifest = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as Manifest;

/** The events VS Code's walkthrough service reads (gettingStartedService); others are ignored with a console error. */
const KNOWN = ['onCommand', 'onLink', 'onView', 'onSettingChanged', 'onContext', 'onEvent', 'extensionInstalled', 'onExtensionInstalled', 'onStepSelected', 'stepSelected'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [readFileSync(join(dir, e.name), 'utf8')] : []));
}

/** Context keys the extension's code sets (`executeCommand('setContext', 'key', ...)`, or through contextKeys.ts's `setContext('key', ...)`). */
const SET_KEYS = new Set(sources(resolve('src')).flatMap((text) => [...text.matchAll(/(?:'setContext',|\bsetContext\()\s*'([\w.]+)'/g)].map((m) => m[1] ?? '')));

describe('the getting-started walkthrough', () => {
  const steps = manifest.contributes.walkthroughs.flatMap((w) => w.steps);
  const views = new Set(Object.values(manifest.contributes.views).flatMap((v) => v.map((view) => view.id)));
  const commands = new Set(manifest.contributes.commands.map((c) => c.command));

  it('ticks each step on an event VS Code knows and the product fires', () => {
    assert.ok(steps.length >= 4);
    for (const step of steps) {
      const events = step.completionEvents ?? [];
      assert.ok(events.length > 0, `${step.id}: a step without events is ticked as soon as it is selected`);
      for (const event of events) {
        const [, kind = '', argument = ''] = /^([^:]*):?(.*)$/.exec(event) ?? [];
        assert.ok(KNOWN.includes(kind), `${step.id}: VS Code does not know the completion event ${event}`);
        if (kind === 'onView') assert.ok(views.has(argument), `${step.id}: no view ${argument}`);
        if (kind === 'onCommand') assert.ok(commands.has(argument), `${step.id}: no command ${argument}`);
        if (kind === 'onContext') {
          const keys = argument.match(/[A-Za-z][\w.]*/g) ?? [];
          for (const key of keys) assert.ok(SET_KEYS.has(key), `${step.id}: the extension never sets the context key ${key}`);
        }
      }
    }
  });

  it('ticks opening the chat from its icon, opening a lesson from the Explorer, and the first request', () => {
    const events = (id: string) => steps.find((s) => s.id === id)?.completionEvents ?? [];
    assert.ok(events('tryDemo').includes('onView:lessonAgent.chat'), 'the chat opened from the activity bar, not only by the command');
    assert.ok(events('openLesson').includes('onContext:lessonAgent.lessonOpen'));
    assert.ok(manifest.activationEvents.includes('onLanguage:xml'), 'the extension is running to set lessonOpen when a lesson is opened before the chat');
    assert.ok(events('firstRequest').includes('onContext:lessonAgent.busy'), 'a request sent, not the chat opened');
    assert.ok(events('setKey').includes('onContext:lessonAgent.hasStoredKey'), 'a key set from the chat card as well as by the command');
  });
});
