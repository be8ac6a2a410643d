import type { FillFormField } from '../fill-form.model';
import { renderFormPage } from './index';
import { trimTrailing } from './questions';

/** The worst case of the old trim (`/[\s:*.]+$/`): a long run of trimmable characters that is not at the end. */
const RUN = 40_000;
const worst = (tail: string): string => `${':'.repeat(RUN)}${tail}`;

describe('trailing punctuation of labels in messages', () => {
  it('looks at each character at most once from the end, whatever the label', () => {
    let looked = 0;
    const count = (): void => void looked++;
    expect(trimTrailing(worst('x'), count)).toBe(worst('x'));
    // The old regex tried every one of the 40 000 starts and scanned the run from each: about 8e8 steps.
    expect(looked).toBe(1);
    looked = 0;
    expect(trimTrailing(`Name${worst(' *. ')}`, count)).toBe('Name');
    expect(looked).toBeLessThanOrEqual(RUN + 5);
    expect(trimTrailing('Date of birth: *')).toBe('Date of birth');
    expect(trimTrailing(':::')).toBe('');
  });

  it('renders a page of four worst-case required labels with their messages', () => {
    const fields: FillFormField[] = [0, 1, 2, 3].map((i) => ({
      field_id: `f${i}`,
      kind: 'text',
      label: worst(`x${i}`),
      prompt: worst(`x${i}`),
      choice_label: null,
      question_id: `q${i}`,
      page: 1,
      required: true,
      locked: false,
    }));
    const doc = renderFormPage({ short_code: 'abc123', title: 'Hostile', page_count: 1, fields });
    // Messages keep at most 80 characters of a label.
    expect(doc.match(/data-required-message="[^"]{1,200}"/g)).toHaveLength(4);
  });
});
