// The getting-started walkthrough opens from VS Code's own Welcome page, with its three steps.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ui } from './driver';
import { activeExtension, EXTENSION_ID } from './helpers';

const workbench = { frame: 'workbench' as const };

describe('onboarding walkthrough', () => {
  it('opens with its three steps, the first one linking to Set API Key', async () => {
    await vscode.commands.executeCommand('lessonAgent.openChat');
    await activeExtension();
    const walkthroughs = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.contributes.walkthroughs as Array<{ id: string; steps: unknown[] }>;
    assert.equal(walkthroughs[0]?.steps.length, 3);
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${EXTENSION_ID}#${walkthroughs[0]?.id}`, false);
    await ui.waitFor('.gettingStartedContainer', { ...workbench, text: 'Get started with Lesson Agent', timeout: 20_000 });
    await ui.waitFor('.gettingStartedContainer', { ...workbench, text: 'Add your Anthropic API key' });
    await ui.waitFor('.gettingStartedContainer', { ...workbench, text: 'Ask for an exercise' });
    await ui.screenshot('walkthrough');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
