// Keys: selection follows focus (Tab walks the boxes in the field map's order; Shift+Enter builds a
// multi-selection that Tab keeps), arrows move, Alt+arrows resize,
// Delete removes, Ctrl+Z/Ctrl+Y undo and redo, Ctrl+S saves, Ctrl+= / Ctrl+- zoom, Escape clears.
import { deleteSelected, nudgeSelected } from './actions';
import type { ConditionPicker } from './conditions';
import type { Store } from './store';
import type { PageSize } from './types';

const ARROWS: Record<string, [number, number] | undefined> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

export interface KeyboardActions {
  pageSizes: Map<number, PageSize>;
  save: () => Promise<boolean>;
  zoom: (step: number) => Promise<void>;
  announce: (text: string) => void;
  picker: ConditionPicker;
}

export function bindKeyboard(store: Store, { pageSizes, save, zoom, announce, picker }: KeyboardActions): void {
  document.addEventListener('focusin', (event) => {
    const key = event.target instanceof HTMLElement ? event.target.dataset.key : undefined;
    if (!key || picker.active || store.pointerDown || store.state.sticky || store.state.selected.has(key)) return;
    store.select([key]);
  });

  document.addEventListener('keydown', (event) => {
    const target = event.target instanceof HTMLElement ? event.target : document.body;
    const typing = !!target.closest('input, select, textarea');
    const onBox = !!target.closest('.box');
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    if (mod && key === 's') {
      event.preventDefault();
      void save();
      return;
    }
    if (typing) return;
    if (picker.active && (event.key === 'Escape' || event.key === 'Enter')) {
      event.preventDefault();
      const boxKey = target.closest<HTMLElement>('.box')?.dataset.key;
      if (event.key === 'Enter' && boxKey) picker.pick(boxKey);
      else picker.cancel();
      return;
    }
    if (mod && (key === 'z' || key === 'y')) {
      event.preventDefault();
      if (key === 'y' || event.shiftKey) store.redo();
      else store.undo();
      return;
    }
    if (mod && (event.key === '=' || event.key === '+' || event.key === '-')) {
      event.preventDefault();
      void zoom(event.key === '-' ? -1 : 1);
      return;
    }
    // Keys act on the selection from a box, or from nowhere in particular (focus on the page or the body).
    const neutral = target === document.body || target.id === 'pages';
    if (!onBox && !(neutral && store.state.selected.size)) return;
    const arrow = ARROWS[event.key];
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      const n = deleteSelected(store);
      announce(`${n} field${n === 1 ? '' : 's'} deleted.`);
      document.getElementById('pages')?.focus();
    } else if (event.key === 'Escape') {
      store.select([]);
    } else if (event.key === 'Enter' && event.shiftKey) {
      event.preventDefault();
      // Shift+Enter starts (or extends) a multi-selection that Tab no longer replaces; Escape ends it.
      const boxKey = target.dataset.key;
      if (!onBox || !boxKey) return;
      if (!store.state.sticky) store.select([...store.state.selected, boxKey], { sticky: true });
      else store.toggle(boxKey);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      document.getElementById('prop-label')?.focus();
    } else if (arrow) {
      event.preventDefault();
      const step = event.shiftKey ? 10 : 1;
      nudgeSelected(store, arrow[0] * step, arrow[1] * step, event.altKey, pageSizes);
    }
  });
}
