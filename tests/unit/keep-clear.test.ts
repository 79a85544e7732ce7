import { describe, expect, it } from 'vitest';
import { coversAny, overlaps, type Box } from '../../src/lib/site/keep-clear.ts';

const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

/** Just enough of an element for coversAny: its box, whether it shows, and what it contains. */
function element(b: Box, shown = true, children: object[] = []) {
  const el = {
    getBoundingClientRect: () => ({ ...b, width: b.right - b.left, height: b.bottom - b.top }),
    checkVisibility: () => shown,
    contains: (other: object) => other === el || children.includes(other),
  };
  return el;
}

describe('the chat button keeps clear', () => {
  const chat = box(315, 607, 48, 48);

  it('counts shared area as overlap, touching edges not', () => {
    expect(overlaps(chat, box(16, 620, 343, 44))).toBe(true);
    expect(overlaps(chat, box(16, 563, 343, 44))).toBe(false);
    expect(overlaps(chat, box(363, 607, 10, 48))).toBe(false);
    expect(overlaps(chat, box(330, 620, 10, 10))).toBe(true);
  });

  it('covers a shown field under it, not a hidden one, an empty one or its own parts', () => {
    const field = element(box(16, 620, 343, 44));
    const hidden = element(box(16, 620, 343, 44), false);
    const empty = element(box(330, 620, 0, 0));
    const icon = element(box(330, 620, 18, 14));
    const self = element(chat, true, [icon]);
    expect(coversAny(chat, [hidden, empty, icon] as unknown as Element[], self as unknown as Element)).toBe(false);
    expect(coversAny(chat, [hidden, field] as unknown as Element[], self as unknown as Element)).toBe(true);
  });
});
