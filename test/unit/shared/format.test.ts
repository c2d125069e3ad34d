// One formatter for dates and usage, so the panel, the Show Sessions quick pick and the Markdown
// export say the same thing.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sessionToMarkdown } from '../../../src/core/sessions/markdown';
import { migrateSession } from '../../../src/core/sessions/migrations';
import { formatDateTime, usageLine } from '../../../src/shared/format';

describe('shared formatting', () => {
  it('formats a date the same way in every place, in the language given', () => {
    const at = Date.UTC(2026, 1, 6, 9, 30);
    assert.equal(formatDateTime(at, 'en-US'), new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(at));
    assert.notEqual(formatDateTime(at, 'de'), formatDateTime(at, 'en-US'), 'the language is honoured');
    assert.equal(formatDateTime(at, 'xx-not-a-locale'), formatDateTime(at, 'en'), 'an unknown language falls back to English');
  });

  it('the export counts tokens exactly as the panel does: input with the cache, output, cached', () => {
    const usage = { inputTokens: 412, outputTokens: 268, cacheReadTokens: 5120, cacheCreationTokens: 30 };
    assert.equal(usageLine(usage, 'en-US'), '5,562 in · 268 out · 5,120 cached');
    const fixture = JSON.parse(readFileSync(resolve('test/unit/core/sessions/fixtures/session-v1.json'), 'utf8')) as unknown;
    const session = migrateSession(fixture);
    const turn = session.turns[0];
    assert.ok(turn);
    turn.usage = usage;
    const md = sessionToMarkdown(session, { locale: 'en-US' });
    assert.ok(md.includes(`_Tokens: ${usageLine(usage, 'en-US')}_`), md);
    assert.ok(md.includes(`Created ${formatDateTime(session.createdAt, 'en-US')}`));
  });
});
