// Plain-words kind names; mirror of KIND_NAMES in src/editor/views/editor-page.ts.
export const KIND_NAMES = {
  text: 'Text',
  date: 'Date',
  select_one: 'Choose one',
  select_many: 'Choose any',
  checkbox: 'Check box',
  signature: 'Signature',
  email: 'Email',
  phone: 'Phone',
  number: 'Number',
  initials: 'Initials',
};
