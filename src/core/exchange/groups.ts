// Imported questions gathered into exercises, the same way for every format: a boundary (a GIFT
// category, a QTI section) or a change of kind starts a new exercise; instructions written for
// an exercise become its introduction; what could not be carried is said where it happened.
import type { ExerciseType } from '../lesson/vocabulary';
import { exercisePlace, exportPlace } from './fromLesson';
import { fillIn, l10n, type Said } from '../../shared/l10n';
import type { Lost } from './markup';
import type { Criterion, Exercise, Notice, Passage, Question, Quiz, TextBlock } from './quiz';

/** One imported question (or a few, for a matching question) and the exercise it belongs in. */
export interface Converted {
  readonly type: ExerciseType;
  readonly questions: readonly Question[];
  readonly intro?: readonly TextBlock[];
  readonly wordBank?: readonly string[];
  readonly rubric?: readonly Criterion[];
  readonly notes?: readonly TextBlock[];
}

export interface QuestionMeta {
  readonly id?: string | undefined;
  readonly level?: string | undefined;
  /** The exercise type the source says the question belongs to (Lesson Agent writes it as a tag). */
  readonly tagged?: ExerciseType | undefined;
  readonly title?: string | undefined;
}

interface Building {
  id?: string | undefined;
  type: ExerciseType;
  level?: string | undefined;
  points?: number | undefined;
  intro: TextBlock[];
  wordBank?: string[];
  questions: Question[];
  rubric?: Criterion[];
  notes: TextBlock[];
}

interface Intro {
  readonly blocks: readonly TextBlock[];
  readonly id?: string | undefined;
  readonly type?: ExerciseType | undefined;
  readonly level?: string | undefined;
  readonly points?: number | undefined;
  readonly notes?: readonly TextBlock[] | undefined;
}

function describe(lost: Lost): Said {
  const kinds = [...lost.values()];
  return { en: fillIn('Not carried: {0}.', kinds.map((k) => k.en).join('; ')), shown: l10n.t('Not carried: {0}.', kinds.map((k) => k.shown).join('; ')) };
}

/** "the feedback is kept" -> "The feedback is kept." */
function sentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export class ExerciseGroups {
  private readonly parts: Array<Exercise | Passage> = [];
  /** In the teacher's language, and the same in English for the model. */
  private readonly notices: Notice[] = [];
  private readonly modelNotices: Notice[] = [];
  private current: Building | undefined;
  private intro: Intro | undefined;
  private exercises = 0;

  /** A boundary the source draws (a category, a section): the next question starts an exercise. */
  boundary(): void {
    this.close();
    this.flushIntro();
  }

  /** Text between questions: an exercise's instructions when the source says so, else lesson text. */
  text(passage: Passage, id?: string, type?: ExerciseType, level?: string, points?: number, notes?: readonly TextBlock[]): void {
    this.close();
    this.flushIntro();
    if (id !== undefined || type !== undefined) this.intro = { blocks: passage.blocks, id, type, level, points, notes };
    else if (passage.blocks.length > 0) this.parts.push(passage);
  }

  add(converted: Converted, meta: QuestionMeta): void {
    const questions = converted.questions.length === 1 && meta.id ? [{ ...converted.questions[0], id: meta.id } as Question] : converted.questions;
    const fits = this.current && this.current.type === converted.type && !this.intro && !converted.intro;
    if (!fits) this.start(converted, meta);
    const ex = this.current as Building;
    ex.questions.push(...questions);
    if (converted.wordBank) ex.wordBank = [...new Set([...(ex.wordBank ?? []), ...converted.wordBank])];
    if (converted.rubric) ex.rubric = [...(ex.rubric ?? []), ...converted.rubric];
    if (converted.notes) ex.notes.push(...converted.notes);
  }

  private start(converted: Converted, meta: QuestionMeta): void {
    this.close();
    const intro = this.intro && (this.intro.type === undefined || this.intro.type === converted.type) ? this.intro : undefined;
    if (!intro) this.flushIntro();
    this.intro = undefined;
    this.exercises++;
    this.current = {
      id: intro?.id,
      type: converted.type,
      level: intro?.level ?? meta.level,
      points: intro?.points,
      intro: [...(intro?.blocks ?? []), ...(converted.intro ?? [])],
      questions: [],
      notes: [...(intro?.notes ?? [])],
    };
  }

  /** Lesson text as it came (a teacher-only note included). */
  passage(passage: Passage): void {
    this.close();
    this.flushIntro();
    if (passage.blocks.length > 0) this.parts.push(passage);
  }

  /** What the last question lost, said at the exercise it went into. */
  lose(lost: Lost, said: readonly Said[]): void {
    if (lost.size === 0 && said.length === 0) return;
    const place: Said = this.current
      ? { en: exercisePlace(this.exercises, this.current.intro), shown: exportPlace(this.exercises, this.current.intro) }
      : l10n.both('Lesson text');
    const messages = [...said.map((s) => ({ en: sentence(s.en), shown: sentence(s.shown) })), ...(lost.size > 0 ? [describe(lost)] : [])];
    for (const message of messages) {
      if (this.modelNotices.some((n) => n.place === place.en && n.message === message.en)) continue;
      this.note(place, message);
    }
  }

  note(place: Said, message: Said): void {
    this.notices.push({ place: place.shown, message: message.shown });
    this.modelNotices.push({ place: place.en, message: message.en });
  }

  private flushIntro(): void {
    if (this.intro && this.intro.blocks.length > 0) this.parts.push({ kind: 'passage', blocks: this.intro.blocks });
    if (this.intro?.notes && this.intro.notes.length > 0) this.parts.push({ kind: 'passage', blocks: this.intro.notes, teacherOnly: true });
    this.intro = undefined;
  }

  private close(): void {
    const ex = this.current;
    this.current = undefined;
    if (!ex) return;
    this.parts.push({
      kind: 'exercise',
      type: ex.type,
      intro: ex.intro,
      questions: ex.questions,
      ...(ex.id ? { id: ex.id } : {}),
      ...(ex.level ? { level: ex.level } : {}),
      ...(ex.points !== undefined ? { points: ex.points } : {}),
      ...(ex.wordBank ? { wordBank: ex.wordBank } : {}),
      ...(ex.rubric ? { rubric: ex.rubric } : {}),
      ...(ex.notes.length > 0 ? { notes: ex.notes } : {}),
    });
  }

  finish(head: Omit<Quiz, 'parts'> = {}): { quiz: Quiz; notices: Notice[]; modelNotices: Notice[] } {
    this.close();
    this.flushIntro();
    return { quiz: { ...head, parts: this.parts }, notices: this.notices, modelNotices: this.modelNotices };
  }
}
