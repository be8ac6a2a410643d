// The template editor: loads the field map and the blank PDF, draws them, and wires every control.
import { deleteSelected, groupSelected, splitSelected } from './actions';
import { ConditionPicker, drawConnectors } from './conditions';
import { bindInspector } from './inspector';
import { bindKeyboard } from './keyboard';
import { renderBoxes, reveal } from './overlay';
import { createPages, openPdf, renderPages, type Page } from './pdf-view';
import { bindPointer } from './pointer';
import { bindReasons } from './reasons';
import { saveAndReport, type SaveOutcome } from './save';
import { errorText, loadFields, loadPdf, markReviewed } from './server';
import { isOption, Store } from './store';
import type { PageSize, Rect } from './types';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} is missing`);
  return found as T;
}

function announce(text: string): void {
  $('status').textContent = text;
}

async function start(): Promise<void> {
  const app = $('app');
  const pin = encodeURIComponent(app.dataset.templateId ?? '');
  const base = (path: string): string => `${app.dataset.baseUrl ?? ''}/${path}?template_id=${pin}`;
  const [loaded, bytes] = await Promise.all([loadFields(base), loadPdf(base)]);
  if (loaded.status !== 200 || !loaded.body) throw new Error(errorText(loaded));
  const initial = loaded.body;
  const pdf = await openPdf(bytes, { workerUrl: app.dataset.workerUrl ?? '', fontsUrl: app.dataset.fontsUrl ?? '' });
  const store = new Store(initial);
  const picker = new ConditionPicker(store, announce);
  const pages = await createPages(pdf, $('pages'));
  const pageSizes = new Map<number, PageSize>(
    pages.map((p) => {
      const [xMin, yMin, xMax, yMax] = p.pdfPage.view;
      return [p.num, { xMin, yMin, xMax, yMax }];
    }),
  );
  let zoomIndex = ZOOMS.indexOf(1);
  await renderPages(pages, ZOOMS[zoomIndex]);

  async function zoom(step: number): Promise<void> {
    zoomIndex = Math.max(0, Math.min(ZOOMS.length - 1, zoomIndex + step));
    $('zoom-level').textContent = `${Math.round(ZOOMS[zoomIndex] * 100)}%`;
    await renderPages(pages, ZOOMS[zoomIndex]);
    redraw();
  }

  let saving = false;
  async function save(): Promise<boolean> {
    if (saving) return false;
    saving = true;
    announce('Saving…');
    try {
      const outcome: SaveOutcome = await saveAndReport(store, base);
      announce(outcome.message);
      if (outcome.kind === 'conflict') {
        $('conflict').hidden = false;
        $('conflict-rebase').focus();
      }
      if (outcome.kind === 'refused' && outcome.key) reveal(store, outcome.key);
      return outcome.kind === 'saved';
    } finally {
      saving = false;
    }
  }

  async function rebase(): Promise<void> {
    const latest = await loadFields(base);
    if (latest.status !== 200 || !latest.body) return announce(errorText(latest));
    store.rebase(latest.body);
    $('conflict').hidden = true;
    announce(`Your changes are now on top of version ${latest.body.version}. Save to write them.`);
    $('save').focus();
  }

  async function review(): Promise<void> {
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

  function addField(page: Page, rect: Rect): void {
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

  function addFromButton(): void {
    const page = pages.find((p) => p.el.getBoundingClientRect().bottom > 80) ?? pages[0];
    const size = pageSizes.get(page.num);
    if (!size) return;
    const x = size.xMin + (size.xMax - size.xMin) / 2 - 75;
    addField(page, [x, size.yMax - 120, x + 150, size.yMax - 100]);
  }

  function refreshTools(): void {
    const { selected, undo, redo, dirty, version } = store.state;
    const chosen = store.selectedFields();
    $<HTMLButtonElement>('undo').disabled = !undo.length;
    $<HTMLButtonElement>('redo').disabled = !redo.length;
    $<HTMLButtonElement>('group-one').disabled = selected.size < 2;
    $<HTMLButtonElement>('group-many').disabled = selected.size < 2;
    $<HTMLButtonElement>('split').disabled = !chosen.some(isOption);
    $<HTMLButtonElement>('delete').disabled = !selected.size;
    $('save').classList.toggle('tool--dirty', dirty);
    $('version').textContent = String(version);
  }

  function redraw(): void {
    renderBoxes(store, pages);
    drawConnectors(store, new Map(pages.map((p) => [p.num, p.layer])));
  }

  store.subscribe(() => {
    redraw();
    refreshTools();
  });
  bindInspector(store, picker);
  bindReasons(store, initial.review_reasons ?? [], pages);
  bindPointer(store, pages, { onDrawn: addField, picker });
  bindKeyboard(store, { pageSizes, save, zoom, announce, picker });
  const on = (id: string, fn: () => void): void => $(id).addEventListener('click', fn);
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
  redraw();
  refreshTools();
  app.dataset.ready = 'true';
  announce(`${store.state.fields.length} fields on ${pages.length} page${pages.length === 1 ? '' : 's'}.`);
}

start().catch((error: unknown) => {
  announce(error instanceof Error ? error.message : 'The editor could not start.');
  document.getElementById('app')?.setAttribute('data-failed', 'true');
});
