// Errors beside each question and in the summary at the top (GOV.UK pattern): the summary's links move focus to
// the question, on its step.
import { addToken, byFieldId, removeToken, requireId, scrollToElement, wrappersIn } from './dom';
import { pageStrings } from './strings';

/** A problem with one question: named by a field id (the server) or by its wrapper (the page's own checks). */
export interface PageError {
  field_id?: string | null;
  wrapper?: HTMLElement | null;
  error: string;
}

interface SummaryItem {
  wrapper: HTMLElement | null;
  message: string;
}

const CONTROLS = 'input[data-field-id], select[data-question-id], canvas[data-field-id], input[data-signature-for]';

export function controlsOf(wrapper: Element): HTMLElement[] {
  return Array.from(wrapper.querySelectorAll<HTMLElement>(CONTROLS));
}

/** The control a summary link should move focus to. */
function focusTarget(wrapper: Element): HTMLElement | null {
  const typed = wrapper.querySelector<HTMLInputElement>('input[data-signature-for]');
  const padBox = wrapper.querySelector<HTMLElement>('.signature-pad');
  if (typed && (!padBox || padBox.hidden)) return typed;
  const controls = controlsOf(wrapper).filter((el) => el.tagName !== 'CANVAS');
  const checked = controls.find((el) => el instanceof HTMLInputElement && el.type === 'radio' && el.checked);
  return checked ?? controls[0] ?? null;
}

const errorSlot = (wrapper: Element): HTMLElement | null => wrapper.querySelector<HTMLElement>('.field-error');

export class ErrorDisplay {
  private readonly summary = requireId('error-summary');
  private readonly summaryTitle = requireId('error-summary-title');
  private readonly summaryText = requireId('error-summary-text');
  private readonly summaryList = requireId('error-summary-list');

  /** `reveal` shows the step that holds a question (before a summary link moves focus there). */
  constructor(
    private readonly form: HTMLFormElement,
    private readonly reveal: (wrapper: HTMLElement) => void,
  ) {}

  clearAll(): void {
    for (const wrapper of wrappersIn(this.form)) this.clearField(wrapper);
    this.summary.hidden = true;
    this.summaryText.hidden = true;
    this.summaryText.textContent = '';
    this.summaryList.textContent = '';
  }

  /** Removes the message beside one question (the summary keeps its list until the next check). */
  clearField(wrapper: HTMLElement): void {
    const slot = errorSlot(wrapper);
    wrapper.classList.remove('field--error');
    if (slot) {
      slot.hidden = true;
      slot.textContent = '';
    }
    for (const el of [wrapper.querySelector('fieldset'), ...controlsOf(wrapper)]) {
      if (!el) continue;
      el.removeAttribute('aria-invalid');
      if (slot) removeToken(el, 'aria-describedby', slot.id);
    }
  }

  showField(wrapper: HTMLElement, message: string): void {
    const S = pageStrings();
    const slot = errorSlot(wrapper);
    wrapper.classList.add('field--error');
    if (slot) {
      slot.textContent = '';
      const prefix = document.createElement('span');
      prefix.className = 'visually-hidden';
      prefix.textContent = S.errorPrefix;
      slot.append(prefix, document.createTextNode(message));
      slot.hidden = false;
    }
    const fieldset = wrapper.querySelector('fieldset');
    if (fieldset && slot) addToken(fieldset, 'aria-describedby', slot.id);
    for (const el of controlsOf(wrapper)) {
      el.setAttribute('aria-invalid', 'true');
      if (slot) addToken(el, 'aria-describedby', slot.id);
    }
  }

  showSummary(title: string, text: string, items: SummaryItem[]): void {
    this.summaryTitle.textContent = title;
    this.summaryText.textContent = text;
    this.summaryText.hidden = !text;
    this.summaryList.textContent = '';
    for (const item of items) {
      const li = document.createElement('li');
      const target = item.wrapper ? focusTarget(item.wrapper) : null;
      const wrapper = item.wrapper;
      if (target?.id && wrapper) {
        const a = document.createElement('a');
        a.href = `#${target.id}`;
        a.textContent = item.message;
        a.addEventListener('click', (event) => {
          event.preventDefault();
          this.reveal(wrapper);
          scrollToElement(wrapper);
          target.focus({ preventScroll: true });
        });
        li.append(a);
      } else {
        li.textContent = item.message;
      }
      this.summaryList.append(li);
    }
    this.summary.hidden = false;
    scrollToElement(this.summary);
    this.summary.focus({ preventScroll: true });
  }

  /** Field errors (from the server or the page's checks) beside each question and in the summary. */
  show(errors: PageError[], generalText = ''): void {
    const byWrapper = new Map<HTMLElement, string[]>();
    const unplaced: SummaryItem[] = [];
    for (const fe of errors) {
      const el = fe.field_id != null ? byFieldId(this.form, String(fe.field_id)) : null;
      const wrapper = el ? el.closest<HTMLElement>('[data-field-wrapper]') : (fe.wrapper ?? null);
      const message = String(fe.error);
      if (!wrapper) {
        unplaced.push({ wrapper: null, message });
        continue;
      }
      const messages = byWrapper.get(wrapper) ?? [];
      if (!messages.includes(message)) messages.push(message);
      byWrapper.set(wrapper, messages);
    }
    // Summary in page order, whatever order the server listed them in.
    const order = wrappersIn(this.form);
    const items = [...byWrapper.entries()]
      .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
      .map(([wrapper, messages]) => {
        const message = messages.join(' ');
        this.showField(wrapper, message);
        return { wrapper, message };
      });
    const S = pageStrings();
    this.showSummary(S.problem, generalText, [...items, ...unplaced]);
  }
}
