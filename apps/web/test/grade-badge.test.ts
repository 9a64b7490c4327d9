import { describe, expect, it } from 'vitest';
import { gradeClass, gradeLabelParts } from '../app/components/ui/GradeBadge';

// The grade badge's colour follows the grade the store view's label starts with
describe('gradeClass', () => {
  it.each([
    ['Nauja', 'grade-new'],
    ['Brand New', 'grade-new'],
    ['Новый', 'grade-new'],
    ['A+ (kaip nauja)', 'grade-a-plus'],
    ['A (puiki būklė)', 'grade-a'],
    ['A', 'grade-a'],
    ['B (gera būklė)', 'grade-b'],
    ['C+ (vidutinė būklė)', 'grade-c-plus'],
    ['C (matomi naudojimo požymiai)', 'grade-c'],
    [' b (хорошее состояние)', 'grade-b'],
    ['Apple', 'grade-new'],
  ])('%s → %s', (label, expected) => {
    expect(gradeClass(label)).toBe(expected);
  });
});

// the meaning is drawn apart from the grade so that it can wrap under it on a 320 px card
describe('gradeLabelParts', () => {
  it.each<[string, string[]]>([
    ['C+ (удовлетворительное состояние)', ['C+', 'удовлетворительное состояние']],
    ['A+ (kaip nauja)', ['A+', 'kaip nauja']],
    [' B (good condition) ', ['B', 'good condition']],
    ['Nauja', ['Nauja']],
    ['Brand New', ['Brand New']],
    ['A+', ['A+']],
  ])('%s → %j', (label, parts) => {
    expect(gradeLabelParts(label)).toEqual(parts);
  });
});
