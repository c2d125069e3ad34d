// Which copy the preview shows (student or teacher): every element that has an answer key reads it.
import { createContext, useContext } from 'react';
import type { Copy } from '../../../src/shared/lessonView';

export const CopyContext = createContext<Copy>('student');

export function useCopy(): Copy {
  return useContext(CopyContext);
}

export function useTeacher(): boolean {
  return useCopy() === 'teacher';
}
