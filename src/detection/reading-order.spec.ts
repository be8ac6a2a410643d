import { keepQuestionsTogether, readingOrder, rowsOf, type OrderItem } from './reading-order';

const item = (ref: number, x1: number, y1: number, x2: number, y2: number, heading = false): OrderItem => ({
  ref,
  x1,
  y1,
  x2,
  y2,
  heading,
});

describe('reading order', () => {
  it('reads rows top to bottom and left to right, whatever order the items come in', () => {
    const items = [item(3, 300, 600, 400, 612), item(1, 50, 700, 200, 712), item(2, 50, 600, 200, 612)];
    expect(readingOrder(items, 612)).toEqual([1, 2, 3]);
  });

  it('keeps a row together when its boxes differ in height (a check box beside a text blank)', () => {
    const rows = rowsOf([item(1, 50, 600, 250, 614), item(2, 300, 603, 309, 612)]);
    expect(rows).toHaveLength(1);
  });

  it('reads a grid of side-by-side fields row by row when nothing says there are columns', () => {
    const items = [
      item(1, 50, 700, 250, 712),
      item(2, 330, 700, 550, 712),
      item(3, 50, 670, 250, 682),
      item(4, 330, 670, 550, 682),
    ];
    expect(readingOrder(items, 612)).toEqual([1, 2, 3, 4]);
  });

  it('reads the left column to its end first under a row of two column headings', () => {
    const items = [
      item(-1, 50, 720, 150, 732, true),
      item(-2, 330, 720, 450, 732, true),
      item(1, 50, 690, 250, 702),
      item(4, 330, 695, 550, 707),
      item(2, 50, 660, 250, 672),
      item(5, 330, 650, 550, 662),
      item(3, 50, 630, 250, 642),
      // Printed across the gutter: the zone ends, the page reads on row by row.
      item(-3, 50, 560, 560, 572, true),
      item(6, 50, 530, 250, 542),
      item(7, 330, 530, 550, 542),
    ];
    expect(readingOrder(items, 612)).toEqual([-1, 1, 2, 3, -2, 4, 5, -3, 6, 7]);
  });

  it('ends a two-column zone at a heading on the left with nothing beside it', () => {
    const items = [
      item(-1, 50, 720, 150, 732, true),
      item(-2, 330, 720, 450, 732, true),
      item(1, 50, 690, 250, 702),
      item(3, 330, 690, 550, 702),
      item(-3, 50, 640, 150, 652, true),
      item(2, 50, 610, 250, 622),
    ];
    expect(readingOrder(items, 612)).toEqual([-1, 1, -2, 3, -3, 2]);
  });

  it('keeps the options of one question together in their printed order', () => {
    const seq = [
      { id: 'a', q: 'q1' },
      { id: 'x', q: null },
      { id: 'b', q: 'q1' },
      { id: 'c', q: 'q2' },
      { id: 'd', q: 'q1' },
    ];
    expect(keepQuestionsTogether(seq, (s) => s.q).map((s) => s.id)).toEqual(['a', 'b', 'd', 'x', 'c']);
  });
});
