// The lesson's blocks: headings, paragraphs, lists, teacher notes (in the teacher view only,
// marked as teacher-only: the student view shows what the exported student copy prints),
// exercises with their parts, and elements the format does not know (their text, flagged for the
// teacher). Every element carries its source lines for click-to-reveal and scroll sync
// (sourceAttributes.ts).
import { memo } from 'react';
import type { ReactNode } from 'react';
import type { PlacedLesson } from '../../../src/shared/lessonPatch';
import type { ContentBlock, ExerciseView, LessonBlock, ListView } from '../../../src/shared/lessonView';
import { exerciseLabel, inCopy } from '../../../src/shared/lessonView';
import { Icon } from '../ui/Icon';
import { useCopy, useTeacher } from './copyContext';
import { blockAt, sourceOf } from './sourceAttributes';
import { Question, Rubric, Sequence, ShortAnswer, Statement, WritingArea } from './ExerciseParts';
import { Inlines } from './Inlines';
import { PreviewBoundary } from './PreviewBoundary';
import { exerciseTypeName, t } from './previewL10n';

function List({ list }: { list: ListView }): ReactNode {
  const Tag = list.ordered ? 'ol' : 'ul';
  return (
    <Tag {...sourceOf('list', list)}>
      {list.items.map((item, i) => (
        <li key={i} {...sourceOf('li', item)}>
          <Inlines content={item.content} />
          {item.lists.map((nested, j) => (
            <List key={j} list={nested} />
          ))}
        </li>
      ))}
    </Tag>
  );
}

function points(n: number): string {
  return n === 1 ? t('point') : t('points', n);
}

function Exercise({ exercise, number }: { exercise: ExerciseView; number: number }): ReactNode {
  const label = exerciseLabel(useCopy(), exercise);
  const meta = [label.type ? exerciseTypeName(label.type) : '', label.level ?? '', label.points !== undefined ? points(label.points) : ''].filter(Boolean);
  let questions = 0;
  return (
    <section className="exercise" {...sourceOf('exercise', exercise)} data-type={exercise.type}>
      <p className="exercise-label">
        {t('exercise', number)}
        {meta.length > 0 ? <span className="exercise-meta"> · {meta.join(' · ')}</span> : null}
        {exercise.typeInferred && label.type ? <span className="exercise-meta" title={t('typeInferred')}> *</span> : null}
      </p>
      {exercise.blocks.map((block, i) => {
        const numbered = block.kind === 'question' || block.kind === 'shortAnswer';
        return <Block key={i} block={block} number={numbered ? ++questions : 0} />;
      })}
    </section>
  );
}

function Note({ blocks, line, end }: { blocks: readonly ContentBlock[]; line: number; end: number }): ReactNode {
  return (
    <aside className="note" {...sourceOf('note', { line, end })}>
      <p className="note-label">
        <Icon name="eye-closed" /> {t('teacherOnly')}
      </p>
      {blocks.map((block, i) => (
        <Block key={i} block={block} number={0} />
      ))}
    </aside>
  );
}

function Unknown({ block }: { block: Extract<ContentBlock, { kind: 'unknown' }> }): ReactNode {
  const teacher = useTeacher();
  return (
    <div className="unknown" {...sourceOf('unknown', block)}>
      {teacher ? <span className="unknown-label">{t('unknownElement', block.name)}</span> : null}
      <p>
        <Inlines content={block.content} />
      </p>
    </div>
  );
}

function Block({ block, number }: { block: LessonBlock | ContentBlock; number: number }): ReactNode {
  if (!inCopy(useCopy(), block)) return null;
  switch (block.kind) {
    case 'heading': {
      const Tag = `h${Math.min(3, Math.max(1, block.level))}` as 'h1' | 'h2' | 'h3';
      return (
        <Tag {...sourceOf('heading', block)}>
          <Inlines content={block.content} />
        </Tag>
      );
    }
    case 'paragraph':
      return (
        <p {...sourceOf('paragraph', block)}>
          <Inlines content={block.content} />
        </p>
      );
    case 'list':
      return <List list={block} />;
    case 'note':
      return <Note blocks={block.blocks} line={block.line} end={block.end} />;
    case 'exercise':
      return <Exercise exercise={block} number={number} />;
    case 'wordBank':
      return (
        <div className="word-bank" aria-label={t('wordBank')} {...sourceOf('wordBank', block)}>
          {block.words.map((word, i) => (
            <span key={i} className="word" {...sourceOf('word', word)}>
              {word.text}
            </span>
          ))}
        </div>
      );
    case 'question':
      return <Question question={block} number={number} />;
    case 'statement':
      return <Statement statement={block} />;
    case 'sequence':
      return <Sequence sequence={block} />;
    case 'shortAnswer':
      return <ShortAnswer item={block} number={number} />;
    case 'writingArea':
      return <WritingArea area={block} />;
    case 'rubric':
      return <Rubric rubric={block} />;
    case 'unknown':
      return <Unknown block={block} />;
  }
}

/**
 * A top-level block in its wrapper, re-rendered only when it changed: an edit re-renders the
 * blocks it touched, not the whole lesson, and not the blocks it only moved (their lines count
 * from their own first line, which their wrapper holds: a move re-renders the wrapper alone). A
 * patch keeps the very object of every block it does not carry; a whole document (after a
 * restart) is compared by value, which costs far less than rendering it. One memoized fiber per
 * row: a keystroke in a lesson of 1,700 blocks compares 1,700 rows and draws one.
 */
const Row = memo(
  function Row({ block, line, number }: { block: LessonBlock; line: number; number: number }): ReactNode {
    return (
      <PreviewBoundary what={`the ${block.kind} at line ${line}`}>
        <div className="block" {...blockAt(line)}>
          <TopBlock block={block} number={number} />
        </div>
      </PreviewBoundary>
    );
  },
  (a, b) => a.line === b.line && a.number === b.number && sameJson(a.block, b.block),
);

const TopBlock = memo(Block, (a, b) => a.number === b.number && sameJson(a.block, b.block));

const json = new WeakMap<object, string>();
function sameJson(a: object, b: object): boolean {
  if (a === b) return true;
  const text = (o: object) => {
    let s = json.get(o);
    if (s === undefined) json.set(o, (s = JSON.stringify(o)));
    return s;
  };
  return text(a) === text(b);
}

export function LessonBlocks({ lesson: { keys, lines, blocks } }: { lesson: PlacedLesson }): ReactNode {
  let exercises = 0;
  if (blocks.length === 0) return <p className="hint">{t('empty')}</p>;
  // Keyed by the blocks' own keys: a block added above the others does not remount them.
  return blocks.map((block, i) => <Row key={keys[i] ?? i} block={block} line={lines[i] ?? 1} number={block.kind === 'exercise' ? ++exercises : 0} />);
}
