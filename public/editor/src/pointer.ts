// Mouse and pen: click to select (Shift-click adds), drag a box to move it, drag a corner handle to resize,
// drag on an empty part of a page to draw a new field. One gesture is one undo step.
import type { ConditionPicker } from './conditions';
import { boxFor, placeBox } from './overlay';
import { toBox, toRect, viewportOf, type Box, type Page } from './pdf-view';
import type { Store } from './store';
import type { Rect } from './types';

const DRAG_THRESHOLD = 3;
const MIN_DRAWN = 6;

interface Point {
  x: number;
  y: number;
}

interface DrawGesture {
  type: 'draw';
  page: Page;
  origin: Point;
  at: DOMRect;
  ghost: HTMLElement;
  box?: Box;
}

interface MoveItem {
  key: string;
  page: Page;
  box: Box;
  next?: Box;
}

interface BoxGesture {
  type: 'move' | 'resize';
  key: string;
  handle: string | undefined;
  origin: Point;
  started: boolean;
  items: MoveItem[];
}

export function bindPointer(
  store: Store,
  pages: Page[],
  { onDrawn, picker }: { onDrawn: (page: Page, rect: Rect) => void; picker: ConditionPicker },
): void {
  let gesture: DrawGesture | BoxGesture | null = null;

  function start(event: PointerEvent): void {
    if (event.button !== 0 || !(event.target instanceof HTMLElement)) return;
    const layer = event.target.closest('.field-layer');
    const page = pages.find((p) => p.layer === layer);
    if (!layer || !page) return;
    const boxEl = event.target.closest<HTMLElement>('.box');
    const origin = { x: event.clientX, y: event.clientY };
    store.pointerDown = true;
    if (!boxEl) {
      event.preventDefault();
      const ghost = document.createElement('div');
      ghost.className = 'ghost';
      layer.append(ghost);
      gesture = { type: 'draw', page, origin, at: layer.getBoundingClientRect(), ghost };
      return;
    }
    const key = boxEl.dataset.key ?? '';
    if (picker.active) {
      store.pointerDown = false;
      picker.pick(key);
      return;
    }
    if (event.shiftKey) {
      store.toggle(key);
      boxFor(key)?.focus({ preventScroll: true });
      return;
    }
    if (!store.state.selected.has(key)) store.select([key]);
    boxFor(key)?.focus({ preventScroll: true });
    const handle = event.target.dataset.handle;
    const dragged = store.byKey(key);
    const moving = handle ? (dragged ? [dragged] : []) : store.selectedFields();
    gesture = {
      key,
      type: handle ? 'resize' : 'move',
      handle,
      origin,
      started: false,
      items: moving.flatMap((f) => {
        const p = pages.find((pg) => pg.num === f.page);
        return p ? [{ key: f.key, page: p, box: toBox(viewportOf(p), f.rect) }] : [];
      }),
    };
  }

  function moved(event: PointerEvent): void {
    if (!gesture) return;
    const dx = event.clientX - gesture.origin.x;
    const dy = event.clientY - gesture.origin.y;
    if (gesture.type === 'draw') {
      const { at, ghost, origin } = gesture;
      const box = {
        left: Math.min(origin.x, event.clientX) - at.left,
        top: Math.min(origin.y, event.clientY) - at.top,
        width: Math.abs(dx),
        height: Math.abs(dy),
      };
      gesture.box = box;
      placeBox(ghost, box);
      return;
    }
    if (!gesture.started && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    gesture.started = true;
    for (const item of gesture.items) {
      item.next =
        gesture.type === 'move' ? moveBox(item.box, dx, dy) : resizeBox(item.box, gesture.handle ?? 'se', dx, dy);
      const el = boxFor(item.key);
      if (el) placeBox(el, item.next);
    }
  }

  function end(): void {
    store.pointerDown = false;
    const done = gesture;
    gesture = null;
    if (!done) return;
    if (done.type === 'draw') {
      done.ghost.remove();
      if (done.box && done.box.width >= MIN_DRAWN && done.box.height >= MIN_DRAWN)
        onDrawn(done.page, toRect(viewportOf(done.page), done.box));
      else store.select([]);
      return;
    }
    // A click (no drag) on one box of a multi-selection selects that box alone.
    if (!done.started) {
      if (done.items.length > 1) store.select([done.key]);
      return;
    }
    store.change((fields) => {
      for (const item of done.items) {
        const field = fields.find((f) => f.key === item.key);
        if (field && item.next) field.rect = toRect(viewportOf(item.page), item.next);
      }
    });
  }

  for (const page of pages) {
    page.layer.addEventListener('pointerdown', start);
    // Selecting redraws the boxes: the browser's own focus-on-mousedown would then land on a removed node
    // (focus to <body>). start() focuses the box itself.
    page.layer.addEventListener('mousedown', (event) => event.preventDefault());
  }
  window.addEventListener('pointermove', moved);
  window.addEventListener('pointerup', end);
  window.addEventListener('pointercancel', end);
}

function moveBox(box: Box, dx: number, dy: number): Box {
  return { ...box, left: box.left + dx, top: box.top + dy };
}

function resizeBox(box: Box, handle: string, dx: number, dy: number): Box {
  let { left, top, width, height } = box;
  if (handle.includes('w')) {
    left += dx;
    width -= dx;
  } else width += dx;
  if (handle.includes('n')) {
    top += dy;
    height -= dy;
  } else height += dy;
  return {
    left: Math.min(left, left + width),
    top: Math.min(top, top + height),
    width: Math.abs(width),
    height: Math.abs(height),
  };
}
