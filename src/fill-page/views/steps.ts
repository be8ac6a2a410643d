import { itemPage, itemSection, type FormItem } from './questions';

/**
 * How the form is split into steps on a phone. A step holds whole printed sections where it can (a section is
 * what a patient recognises from paper); a form with no headings is split by PDF page. A step holds about one to
 * three phone screens of questions.
 */
export const STEP_PARAMS = {
  /** A form this small is one page with no stepper. */
  singleStepMaxQuestions: 10,
  /** A step is closed once it has this many questions and the next section would push it past the maximum. */
  minQuestionsPerStep: 4,
  /** Sections longer than this are cut into several steps ("(continued)"). */
  maxQuestionsPerStep: 12,
} as const;

export interface StepSection {
  /** The printed heading ("" when the fields sit under none). */
  title: string;
  /** PDF page of the section's first question. */
  page: number;
  continued: boolean;
  items: FormItem[];
}

export interface Step {
  /** Heading of the step: its first section's title, or "" (the view then says "Page N"). */
  title: string;
  /** PDF page of the step's first question. */
  page: number;
  sections: StepSection[];
}

const count = (sections: StepSection[]): number => sections.reduce((n, s) => n + s.items.length, 0);

/** Consecutive questions under one heading (on one page when the form prints no headings). */
function runs(items: FormItem[]): StepSection[] {
  const out: StepSection[] = [];
  const hasHeadings = items.some((i) => itemSection(i) !== '');
  for (const item of items) {
    const title = itemSection(item);
    const last = out[out.length - 1];
    const samePage = !last || hasHeadings || itemPage(last.items[0]) === itemPage(item);
    if (last && last.title === title && samePage) last.items.push(item);
    else out.push({ title, page: itemPage(item), continued: false, items: [item] });
  }
  // A long run is cut into pieces of the maximum size.
  return out.flatMap((run) => {
    const pieces: StepSection[] = [];
    for (let i = 0; i < run.items.length; i += STEP_PARAMS.maxQuestionsPerStep) {
      pieces.push({ ...run, continued: i > 0, items: run.items.slice(i, i + STEP_PARAMS.maxQuestionsPerStep) });
    }
    return pieces;
  });
}

export function buildSteps(items: FormItem[]): Step[] {
  if (items.length === 0) return [];
  const sections = runs(items);
  if (items.length <= STEP_PARAMS.singleStepMaxQuestions) {
    return [{ title: '', page: itemPage(items[0]), sections }];
  }
  const steps: StepSection[][] = [];
  let current: StepSection[] = [];
  for (const section of sections) {
    const size = count(current);
    const full =
      size >= STEP_PARAMS.minQuestionsPerStep && size + section.items.length > STEP_PARAMS.maxQuestionsPerStep;
    if (current.length > 0 && (full || section.continued)) {
      steps.push(current);
      current = [];
    }
    current.push(section);
  }
  if (current.length > 0) steps.push(current);
  return steps.map((secs) => ({ title: secs[0].title, page: itemPage(secs[0].items[0]), sections: secs }));
}
