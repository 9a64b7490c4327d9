import { describe, expect, it } from 'vitest';
import { blockingTimeMs } from '../bench/stats.ts';

describe('blockingTimeMs: Total Blocking Time summed over task durations on a slower CPU', () => {
  it.each([
    { name: 'no tasks', tasks: [], slowdown: 4, tbt: 0 },
    { name: 'a task at 12.5 ms × 4 is exactly 50: blocks nothing', tasks: [12.5], slowdown: 4, tbt: 0 },
    { name: 'each task counts its own part past 50', tasks: [20, 5, 15], slowdown: 4, tbt: 30 + 10 },
    { name: 'short tasks never add up to a long one', tasks: Array(100).fill(10), slowdown: 4, tbt: 0 },
    { name: 'at 1× only tasks over 50 count', tasks: [49, 51, 80], slowdown: 1, tbt: 1 + 30 },
  ])('$name', ({ tasks, slowdown, tbt }) => {
    expect(blockingTimeMs(tasks, slowdown)).toBeCloseTo(tbt, 9);
  });

  it('is never below the longest task’s own blocking part, and never negative', () => {
    for (let i = 0; i < 200; i++) {
      const tasks = Array.from({ length: 1 + (i % 17) }, (_, k) => ((i * 31 + k * 7) % 97) / 3);
      const sum = blockingTimeMs(tasks, 4);
      expect(sum).toBeGreaterThanOrEqual(Math.max(0, Math.max(...tasks) * 4 - 50));
      expect(sum).toBeGreaterThanOrEqual(0);
    }
  });
});
