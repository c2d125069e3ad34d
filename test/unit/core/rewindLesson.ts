// The lesson and the scripted model the rewind tests of the command line share: three turns, each
// with an agent edit (and preserved thinking), the teacher typing after the first two.
export const DOC = ['# Weather', '', '- sun', '', 'Homework: write three sentences.', '', 'Bring an umbrella.', ''].join('\n');
const think = (thinking: string) => ({ type: 'thinking' as const, thinking });
const edit = (find: string, replace: string, summary: string) => ({
  blocks: [think(`I will ${summary.toLowerCase()}.`), { type: 'tool_use' as const, name: 'edit_text', input: { edits: [{ find, replace }], summary } }],
});
export const SCENARIO = {
  rules: [
    { when: { toolResultFor: 'edit_text' }, respond: { blocks: [think('Done; I will say so.'), { type: 'text' as const, text: 'Done.' }] } },
    { when: { userText: 'rain' }, respond: edit('- sun\n', '- sun\n- rain\n', 'Added rain') },
    { when: { userText: 'five' }, respond: edit('three', 'five', 'Asked for five sentences') },
    { when: { userText: 'boots' }, respond: edit('Bring an umbrella.', 'Bring an umbrella and boots.', 'Added boots') },
  ],
  fallback: { blocks: [think('A short answer.'), { type: 'text' as const, text: 'All right.' }] },
};

/** The three turns' words, and what the teacher types after each (nothing after the last). */
export const THREE_TURNS: readonly (readonly [string, ((text: string) => string) | undefined])[] = [
  ['Add rain', (t) => t.replace('# Weather', '# Weather words')],
  ['Ask for five', (t) => `${t}Due Friday.\n`],
  ['Add boots', undefined],
];
