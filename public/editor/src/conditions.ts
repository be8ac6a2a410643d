// Answer rules in the editor: a follow-up field's condition (pick its option on the page, or clear it) and the
// connector drawn from the follow-up to its option. The server checks the same rules on save.
import { isChoiceKind, type Store } from './store';
import type { Field } from './types';

/** Why `option` cannot be the condition of `field`, or null (decisions.md lists the server's refusals). */
export function conditionRefusal(field: Field, option: Field, fields: readonly Field[]): string | null {
  if (option.key === field.key) return 'A field cannot depend on itself.';
  if (!isChoiceKind(option.kind)) return 'Pick a choice option or a check box.';
  if (!option.field_id) return 'Save first: the option needs its id before a field can depend on it.';
  if (fields.indexOf(option) > fields.indexOf(field))
    return 'Pick an option that comes before this field in reading order.';
  return null;
}

/** The sentence the inspector shows for a field's condition. */
export function conditionText(field: Field, fields: readonly Field[]): string {
  if (!field.condition) return 'Always shown.';
  const option = fields.find((f) => f.field_id === field.condition?.field_id);
  if (!option) return 'Shown only when an option that no longer exists is ticked.';
  const name = option.choice_label || option.label;
  const question = option.question_id && option.prompt && option.prompt !== name ? ` (${option.prompt})` : '';
  const where = option.page === field.page ? '' : ` on page ${option.page}`;
  return `Shown only when “${name}”${question}${where} is ticked.`;
}

/**
 * Pick mode: after "Pick the option on the page", the next box clicked (or chosen with Enter) becomes the
 * condition of the field being edited; Escape cancels.
 */
export class ConditionPicker {
  private followUp: string | null = null;

  constructor(
    private readonly store: Store,
    private readonly announce: (text: string) => void,
  ) {}

  get active(): boolean {
    return this.followUp !== null;
  }

  start(key: string): void {
    this.followUp = key;
    document.body.classList.add('picking');
    this.announce('Click the option (or Tab to it and press Enter) that shows this field. Escape cancels.');
  }

  cancel(): void {
    if (!this.active) return;
    this.followUp = null;
    document.body.classList.remove('picking');
    this.announce('No condition picked.');
  }

  /** A box was chosen while picking: sets the condition, or says why not. */
  pick(optionKey: string): void {
    const fields = this.store.state.fields;
    const field = fields.find((f) => f.key === this.followUp);
    const option = fields.find((f) => f.key === optionKey);
    if (!field || !option) return this.cancel();
    const refusal = conditionRefusal(field, option, fields);
    if (refusal) return this.announce(refusal);
    this.followUp = null;
    document.body.classList.remove('picking');
    this.store.change((all) => {
      const target = all.find((f) => f.key === field.key);
      if (target) target.condition = { field_id: option.field_id ?? '', equals: true };
    });
    this.store.select([field.key]);
    this.announce(`${field.label || field.prompt || 'The field'}: ${conditionText(field, this.store.state.fields)}`);
  }
}

const SVG = 'http://www.w3.org/2000/svg';

/** Connectors from each follow-up box to its option's box, on pages where both are drawn. */
export function drawConnectors(store: Store, layers: Map<number, HTMLElement>): void {
  const byId = new Map(store.state.fields.flatMap((f) => (f.field_id ? [[f.field_id, f] as const] : [])));
  for (const [pageNum, layer] of layers) {
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('class', 'links');
    svg.setAttribute('aria-hidden', 'true');
    for (const field of store.state.fields) {
      const option = field.condition ? byId.get(field.condition.field_id) : undefined;
      if (!option || field.page !== pageNum || option.page !== pageNum) continue;
      const from = centreOf(layer, field.key, 'left');
      const to = centreOf(layer, option.key, 'centre');
      if (!from || !to) continue;
      const line = document.createElementNS(SVG, 'line');
      line.setAttribute('class', 'link');
      line.setAttribute('data-from', field.key);
      line.setAttribute('data-to', option.key);
      line.setAttribute('x1', String(from.x));
      line.setAttribute('y1', String(from.y));
      line.setAttribute('x2', String(to.x));
      line.setAttribute('y2', String(to.y));
      svg.append(line);
    }
    layer.querySelector('svg.links')?.remove();
    if (svg.childNodes.length) layer.prepend(svg);
  }
}

function centreOf(layer: HTMLElement, key: string, side: 'left' | 'centre'): { x: number; y: number } | null {
  const box = layer.querySelector<HTMLElement>(`.box[data-key="${CSS.escape(key)}"]`);
  if (!box) return null;
  const left = box.offsetLeft;
  const y = box.offsetTop + box.offsetHeight / 2;
  return { x: side === 'left' ? left : left + box.offsetWidth / 2, y };
}
