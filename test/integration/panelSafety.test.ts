// Model text is hostile input: XSS payloads in a streamed reply, in a question card and in the
// user's own message render inert in the real webview (under the host's real CSP). Nothing runs,
// nothing loads: a beacon server on 127.0.0.1 counts any request a payload would make.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { ASSISTANT, lastAssistantText, report, typeAndSend, usePanelTests } from './panelKit';
import { sleep, waitForTurnEnd } from './fakeModel';

interface Beacon {
  url: string;
  hits: string[];
  close(): Promise<void>;
}

async function startBeacon(): Promise<Beacon> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '/');
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Each payload would set window.__xss or fetch from the beacon if it were live. */
function payloads(beacon: string): string[] {
  return [
    `<img src="${beacon}/img" onerror="window.__xss='img'">`,
    `<script>window.__xss='script'</script>`,
    `<svg onload="window.__xss='svg'"><circle r="4"/></svg>`,
    `<iframe src="${beacon}/iframe"></iframe>`,
    `<a href="javascript:window.__xss='a'">raw link</a>`,
    `<div style="background:url(${beacon}/css)">styled</div>`,
    `<details open ontoggle="window.__xss='details'">toggle</details>`,
    `<object data="${beacon}/object"></object>`,
    `<form action="${beacon}/form"><button>go</button></form>`,
    `[markdown link](javascript:window.__xss='md-link')`,
    `![tracker](${beacon}/md-image.png)`,
    `<p>inline <img src=x onerror="window.__xss='inline'"> html</p>`,
  ];
}

const HOSTILE_SELECTOR = 'img, script, iframe, svg, object, embed, video, audio, form, link, style, meta, base';

/** Elements a payload would need, anywhere in the chat items. */
async function liveElements(): Promise<string[]> {
  return (await ui.evaluate(`(() => {
    const items = [...document.querySelectorAll('${byTestId(TEST_IDS.message)}')];
    const found = [];
    for (const item of items) {
      for (const el of item.querySelectorAll('*')) {
        if (el.matches('${HOSTILE_SELECTOR}')) found.push(el.tagName);
        for (const attr of el.attributes) {
          if (/^on/i.test(attr.name)) found.push(el.tagName + '[' + attr.name + ']');
          if (attr.name === 'style') found.push(el.tagName + '[style]');
          if (/^(href|src|action|data)$/.test(attr.name) && !/^https?:/i.test(attr.value)) found.push(el.tagName + '[' + attr.name + '=' + attr.value + ']');
        }
      }
    }
    return found;
  })()`)) as string[];
}

describe('panel safety: model text renders inert', function () {
  this.timeout(60_000);
  const startPanelTest = usePanelTests();
  let beacon: Beacon | undefined;
  afterEach(() => beacon?.close());

  it('XSS payloads in a streamed reply, a question card and the user message run nothing and load nothing', async () => {
    beacon = await startBeacon();
    const list = payloads(beacon.url);
    const reply = `Here are some tricks:\n\n${list.join('\n\n')}\n\nThat is all.`;
    const t = await startPanelTest(
      {
        steps: [
          {
            delayMs: 2,
            blocks: [
              { type: 'text', text: reply, chunk: 7 },
              {
                type: 'tool_use',
                name: 'AskUserQuestion',
                input: {
                  questions: [
                    {
                      // At most 12 characters, as every header.
                      header: '<b onclick>',
                      multiSelect: false,
                      question: `Which one? <img src="${beacon.url}/question" onerror="window.__xss='question'">`,
                      context: `<script>window.__xss='context'</script>`,
                      options: [
                        { label: `<svg onload="window.__xss='label'">`, description: `<a href="javascript:window.__xss='desc'">desc</a>` },
                        { label: 'Plain', description: `![x](${beacon.url}/option.png)` },
                      ],
                    },
                  ],
                },
              },
            ],
          },
          { blocks: [{ type: 'text', text: `Fine. <img src="${beacon.url}/final" onerror="window.__xss='final'">` }] },
        ],
      },
    );
    await ui.evaluate(`(() => {
      window.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
      return true;
    })()`);
    await typeAndSend(`<img src="${beacon.url}/user" onerror="window.__xss='user'"> is this safe?`);

    const card = `${byTestId(TEST_IDS.questionCard)}[data-status="pending"]`;
    await ui.waitFor(card);
    const text = await lastAssistantText();
    assert.ok(text.includes(`<script>window.__xss='script'</script>`), 'raw HTML shows as text');
    assert.ok(text.includes(`onerror="window.__xss='img'"`));
    assert.match(await ui.text(card), /<b onclick>[\s\S]*Which one\? <img src=/, 'the card shows its fields as text');
    assert.match(await ui.text(card), /<svg onload=/);

    // The javascript: link is inert even when clicked.
    const inert = `${ASSISTANT} a:not([href])`;
    assert.equal(await ui.count(inert, { text: 'markdown link' }), 1, 'a link without a safe target loses its href');
    await ui.click(inert, { text: 'markdown link' });

    await ui.screenshot('panel-xss-payloads');
    await ui.click(`${card} ${byTestId(TEST_IDS.questionSkip)}`);
    await waitForTurnEnd(t.model, 2);
    await ui.waitFor(`${ASSISTANT}[data-status="done"]`);
    await sleep(500);

    assert.deepEqual(await liveElements(), [], 'no live element, handler, style or unsafe link in any message');
    assert.equal(await ui.evaluate('window.__xss ?? null'), null, 'no payload ran');
    assert.deepEqual(beacon.hits, [], 'no payload loaded anything');
    assert.ok((await ui.text(`${byTestId(TEST_IDS.message)}[data-kind="user"]`)).includes('onerror='), 'the user message shows as typed');
    const violations = (await ui.evaluate('window.__csp')) as string[];
    assert.deepEqual(violations.filter((v) => v.includes(beacon?.url ?? '')), [], 'nothing even tried to reach the beacon');
    report(`${list.length} payloads in the reply, 5 in the card, 1 in the user message, 1 after the answer; CSP violations seen: ${violations.length}`);
  });
});
