// Keys: selection follows focus (Tab walks the boxes in reading order; Shift+Enter builds a multi-selection
// that Tab keeps), arrows move, Alt+arrows resize,
// Delete removes, Ctrl+Z/Ctrl+Y undo and redo, Ctrl+S saves, Ctrl+= / Ctrl+- zoom, Escape clears.
import { deleteSelected, nudgeSelected } from './actions.js';

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

export function bindKeyboard(store, { pageSizes, save, zoom, announce }) {
  document.addEventListener('focusin', (event) => {
    const key = event.target?.dataset?.key;
    if (!key || store.pointerDown || store.state.sticky || store.state.selected.has(key)) return;
    store.select([key]);
  });

  document.addEventListener('keydown', (event) => {
    const typing = event.target.closest?.('input, select, textarea');
    const onBox = !!event.target.closest?.('.box');
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void save();
      return;
    }
    if (typing) return;
    if (mod && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      if (event.shiftKey) store.redo();
      else store.undo();
      return;
    }
    if (mod && event.key.toLowerCase() === 'y') {
      event.preventDefault();
      store.redo();
      return;
    }
    if (mod && (event.key === '=' || event.key === '+' || event.key === '-')) {
      event.preventDefault();
      void zoom(event.key === '-' ? -1 : 1);
      return;
    }
    // Keys act on the selection from a box, or from nowhere in particular (focus on the page or the body).
    const neutral = event.target === document.body || event.target.id === 'pages';
    if (!onBox && !(neutral && store.state.selected.size)) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      const n = deleteSelected(store);
      announce(`${n} field${n === 1 ? '' : 's'} deleted.`);
      document.getElementById('pages').focus();
    } else if (event.key === 'Escape') {
      store.select([]);
    } else if (event.key === 'Enter' && event.shiftKey) {
      event.preventDefault();
      // Shift+Enter starts (or extends) a multi-selection that Tab no longer replaces; Escape ends it.
      const key = event.target.dataset?.key;
      if (!onBox || !key) return;
      if (!store.state.sticky) store.select([...store.state.selected, key], { sticky: true });
      else store.toggle(key);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      document.getElementById('prop-label').focus();
    } else if (ARROWS[event.key]) {
      event.preventDefault();
      const step = event.shiftKey ? 10 : 1;
      const [dx, dy] = ARROWS[event.key];
      nudgeSelected(store, dx * step, dy * step, event.altKey, pageSizes);
    }
  });
}
