// Which copy the preview shows (student or teacher): every element that has an answer key reads it.
import { createContext, useContext } from 'react';
import type { Copy } from '../../../src/shared/lessonView';

export const CopyContext = createContext<Copy>('student');

export function useTeacher(): boolean {
  return useContext(CopyContext) === 'teacher';
}

/** The attributes that tie a rendered element to its source lines (click to reveal, scroll sync, highlights). */
export function sourceOf(kind: string, element: { line: number; end: number }): Record<`data-${string}`, string> {
  return { 'data-kind': kind, 'data-line': String(element.line), 'data-end': String(element.end) };
}
