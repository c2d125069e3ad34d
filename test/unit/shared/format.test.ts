// One formatter for dates, costs and usage, so the panel, the Show Sessions quick pick and the Markdown
// export say the same thing.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sessionToMarkdown } from '../../../src/core/sessions/markdown';
import { migrateSession } from '../../../src/core/sessions/migrations';
import { formatCost, formatDateTime, usageLine } from '../../../src/shared/format';
import { DEMO_MODEL } from '../../../src/shared/spend';

describe('shared formatting', () => {
  it('formats a date the same way in every place, in the language given', () => {
    const at = Date.UTC(2026, 1, 6, 9, 30);
    assert.equal(formatDateTime(at, 'en-US'), new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(at));
    assert.notEqual(formatDateTime(at, 'de'), formatDateTime(at, 'en-US'), 'the language is honoured');
    assert.equal(formatDateTime(at, 'xx-not-a-locale'), formatDateTime(at, 'en'), 'an unknown language falls back to English');
  });

  it('says a cost as a teacher reads it: cents, two significant digits under ten cents, "less than" below a cent', () => {
    assert.equal(formatCost(0.0123, 'en-US'), '$0.012');
    assert.equal(formatCost(0.05, 'en-US'), '$0.05');
    assert.equal(formatCost(0.01, 'en-US'), '$0.01');
    assert.equal(formatCost(0.25, 'en-US'), '$0.25');
    assert.equal(formatCost(0.1, 'en-US'), '$0.10');
    assert.equal(formatCost(1234.5, 'en-US'), '$1,234.50');
    assert.equal(formatCost(0.0049, 'en-US'), 'less than $0.01');
    assert.equal(formatCost(0, 'en-US'), 'less than $0.01');
    assert.equal(formatCost(0.004, 'de', 'weniger als {0}'), `weniger als ${new Intl.NumberFormat('de', { style: 'currency', currency: 'USD' }).format(0.01)}`);
  });

  it('formats a cost in the language given, in US dollars', () => {
    assert.equal(formatCost(0.0123, 'de'), new Intl.NumberFormat('de', { style: 'currency', currency: 'USD', maximumSignificantDigits: 2 }).format(0.012));
    assert.ok(formatCost(1.5, 'de').includes('1,50'), formatCost(1.5, 'de'));
    assert.equal(formatCost(1.5, 'xx-not-a-locale'), formatCost(1.5, 'en'));
  });

  it("the export gives the panel's figures: a reply's cost when priced, else its tokens, and the session's total", () => {
    const fixture = JSON.parse(readFileSync(resolve('test/unit/core/sessions/fixtures/session-v1.json'), 'utf8')) as unknown;
    const session = migrateSession(fixture);
    const turn = session.turns[0];
    assert.ok(turn);
    turn.usage = { inputTokens: 412, outputTokens: 268, cacheReadTokens: 5120, cacheCreationTokens: 30 };
    turn.cost = 0.0123;
    const md = sessionToMarkdown(session, { locale: 'en-US' });
    assert.ok(md.includes('_Cost: $0.012_'), md);
    assert.ok(!md.includes('_Tokens:'), 'a priced reply shows no token counts');
    assert.ok(md.split('\n')[2]?.endsWith(' · cost $0.012_'), md);
  });

  it('the export counts tokens exactly as the panel does, and words an unknown price and the demo as the panel does', () => {
    const usage = { inputTokens: 412, outputTokens: 268, cacheReadTokens: 5120, cacheCreationTokens: 30 };
    assert.equal(usageLine(usage, 'en-US'), '5,562 in · 268 out · 5,120 cached');
    const fixture = JSON.parse(readFileSync(resolve('test/unit/core/sessions/fixtures/session-v1.json'), 'utf8')) as unknown;
    const session = migrateSession(fixture);
    const turn = session.turns[0];
    assert.ok(turn);
    turn.usage = usage;
    const md = sessionToMarkdown(session, { locale: 'en-US' });
    assert.ok(md.includes(`_Cost not known (tokens: ${usageLine(usage, 'en-US')})_`), md);
    assert.ok(md.includes(`Created ${formatDateTime(session.createdAt, 'en-US')}`));
    turn.model = DEMO_MODEL;
    const demo = sessionToMarkdown(session, { locale: 'en-US' });
    assert.ok(demo.includes('_No charge: offline demo_'), demo);
    assert.doesNotMatch(demo, /tokens/i);
  });
});
