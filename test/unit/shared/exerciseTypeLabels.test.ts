import * as assert from 'node:assert/strict';
import { EXERCISE_TYPES } from '../../../src/core/lesson/vocabulary';
import { typeLabel } from '../../../src/shared/worksheetWords';

const exerciseTypeLabel = (type: string): string => typeLabel(type, 'en');

describe('exercise type labels', () => {
  it('names every exercise type the vocabulary knows in a teacher\'s words, each differently', () => {
    const labels = EXERCISE_TYPES.map(exerciseTypeLabel);
    EXERCISE_TYPES.forEach((type, i) => assert.notEqual(labels[i], type, type));
    assert.equal(new Set(labels).size, labels.length);
    assert.equal(exerciseTypeLabel('sequencing'), 'Put in order');
  });

  it('shows a type it does not know as written, object keys included', () => {
    assert.equal(exerciseTypeLabel('crossword'), 'crossword');
    assert.equal(exerciseTypeLabel('constructor'), 'constructor');
  });
});
