// The template editor: loads the field map and the blank PDF, draws them, and wires every control.
import { groupSelected, deleteSelected, splitSelected } from './actions.js';
import { bindInspector } from './inspector.js';
import { bindKeyboard } from './keyboard.js';
import { renderBoxes, reveal } from './overlay.js';
import { createPages, openPdf, renderPages } from './pdf-view.js';
import { bindPointer } from './pointer.js';
import { bindReasons } from './reasons.js';
import { errorText, loadFields, loadPdf, markReviewed, saveFields } from './server.js';
import { createStore } from './store.js';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
const $ = (id) => document.getElementById(id);

function announce(text) {
  $('status').textContent = text;
}

async function start() {
  const app = $('app');
  const pin = encodeURIComponent(app.dataset.templateId);
  const base = (path) => `${app.dataset.baseUrl}/${path}?template_id=${pin}`;
  const [loaded, bytes] = await Promise.all([loadFields(base), loadPdf(base)]);
  if (loaded.status !== 200) throw new Error(errorText(loaded));
  const pdf = await openPdf(bytes, { workerUrl: app.dataset.workerUrl, fontsUrl: app.dataset.fontsUrl });
  const store = createStore(loaded.body);
  const pages = await createPages(pdf, $('pages'));
  const pageSizes = new Map(
    pages.map((p) => {
      const [xMin, yMin, xMax, yMax] = p.pdfPage.view;
      return [p.num, { xMin, yMin, xMax, yMax }];
    }),
  );
  let zoomIndex = ZOOMS.indexOf(1);
  await renderPages(pages, ZOOMS[zoomIndex]);

  async function zoom(step) {
    zoomIndex = Math.max(0, Math.min(ZOOMS.length - 1, zoomIndex + step));
    $('zoom-level').textContent = `${Math.round(ZOOMS[zoomIndex] * 100)}%`;
    await renderPages(pages, ZOOMS[zoomIndex]);
    renderBoxes(store, pages);
  }

  let saving = false;
  async function save() {
    if (saving) return false;
    saving = true;
    announce('Saving…');
    try {
      // Sent in reading order, as the API asks; a 400 names entries by their index in this list.
      const sent = store.ordered();
      const result = await saveFields(base, store.state.version, sent);
      if (result.status === 200) {
        store.load(result.body);
        announce(`Saved as version ${result.body.version}.`);
        return true;
      }
      if (result.status === 409) {
        $('conflict').hidden = false;
        $('conflict-rebase').focus();
        announce('Not saved: a newer version exists. Your changes are kept.');
        return false;
      }
      announce(`Not saved. ${errorText(result)}`);
      const index = result.body?.field_errors?.[0]?.index;
      if (typeof index === 'number' && sent[index]) reveal(store, sent[index].key);
      return false;
    } finally {
      saving = false;
    }
  }

  async function rebase() {
    const latest = await loadFields(base);
    if (latest.status !== 200) return announce(errorText(latest));
    store.rebase(latest.body);
    $('conflict').hidden = true;
    announce(`Your changes are now on top of version ${latest.body.version}. Save to write them.`);
    $('save').focus();
  }

  async function review() {
    if (store.state.dirty) {
      announce('Save your changes first: “Mark reviewed” applies to the saved version.');
      $('save').focus();
      return;
    }
    const result = await markReviewed(base);
    if (result.status !== 200 && result.status !== 201) return announce(`Not marked. ${errorText(result)}`);
    $('review-state').textContent = 'Reviewed';
    $('mark-reviewed').textContent = 'Reviewed';
    announce(`Version ${store.state.version} marked reviewed.`);
  }

  function addField(page, rect) {
    const field = store.add({
      kind: 'text',
      page: page.num,
      rect,
      label: '',
      prompt: '',
      choice_label: null,
      question_id: null,
      required: false,
      section: '',
    });
    reveal(store, field.key);
    announce('Field added. Give it a label in the panel on the right.');
  }

  function addFromButton() {
    const page = pages.find((p) => p.el.getBoundingClientRect().bottom > 80) ?? pages[0];
    const { xMin, yMax, xMax } = pageSizes.get(page.num);
    const x = xMin + (xMax - xMin) / 2 - 75;
    addField(page, [x, yMax - 120, x + 150, yMax - 100]);
  }

  function refreshTools() {
    const { selected, undo, redo, dirty, version } = store.state;
    const chosen = store.selectedFields();
    $('undo').disabled = !undo.length;
    $('redo').disabled = !redo.length;
    $('group-one').disabled = selected.size < 2;
    $('group-many').disabled = selected.size < 2;
    $('split').disabled = !chosen.some((f) => f.question_id);
    $('delete').disabled = !selected.size;
    $('save').classList.toggle('tool--dirty', dirty);
    $('version').textContent = String(version);
  }

  store.subscribe(() => {
    renderBoxes(store, pages);
    refreshTools();
  });
  bindInspector(store);
  bindReasons(store, loaded.body.review_reasons ?? [], pages);
  bindPointer(store, pages, { onDrawn: addField });
  bindKeyboard(store, { pageSizes, save, zoom, announce });
  const on = (id, fn) => $(id).addEventListener('click', fn);
  on('undo', () => store.undo());
  on('redo', () => store.redo());
  on('zoom-in', () => void zoom(1));
  on('zoom-out', () => void zoom(-1));
  on('add-field', addFromButton);
  on('group-one', () => groupSelected(store, 'select_one') && announce('Grouped into one “choose one” question.'));
  on('group-many', () => groupSelected(store, 'select_many') && announce('Grouped into one “choose any” question.'));
  on('split', () => splitSelected(store) && announce('Options split into separate check boxes.'));
  on('delete', () => announce(`${deleteSelected(store)} deleted.`));
  on('save', () => void save());
  on('mark-reviewed', () => void review());
  on('conflict-rebase', () => void rebase());
  on('conflict-dismiss', () => ($('conflict').hidden = true));
  window.addEventListener('beforeunload', (e) => store.state.dirty && e.preventDefault());
  renderBoxes(store, pages);
  refreshTools();
  app.dataset.ready = 'true';
  announce(`${store.state.fields.length} fields on ${pages.length} page${pages.length === 1 ? '' : 's'}.`);
}

start().catch((error) => {
  announce(error instanceof Error ? error.message : 'The editor could not start.');
  $('app')?.setAttribute('data-failed', 'true');
});
