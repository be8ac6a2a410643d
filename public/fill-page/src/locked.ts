// Locked (provider-set) choices: radios, check boxes and drop-downs cannot be readonly in HTML, so any change to
// them is undone here. Text inputs are `readonly` in the markup. The server re-asserts locked values anyway.
import { all } from './dom';

export function keepLockedChoices(form: HTMLFormElement): void {
  for (const input of all<HTMLInputElement>(form, 'input[data-locked]'))
    input.addEventListener('click', (event) => event.preventDefault());
  const radios = all<HTMLInputElement>(form, 'input[type="radio"][data-locked]');
  for (const radio of radios) {
    radio.addEventListener('change', () => {
      for (const other of radios) if (other.name === radio.name) other.checked = other.defaultChecked;
    });
  }
  for (const box of all<HTMLInputElement>(form, 'input[type="checkbox"][data-locked]'))
    box.addEventListener('change', () => (box.checked = box.defaultChecked));
  for (const select of all<HTMLSelectElement>(form, 'select[data-locked]')) {
    const initial = select.selectedIndex;
    select.addEventListener('change', () => (select.selectedIndex = initial));
  }
}
