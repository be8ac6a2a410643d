import { choiceMode, isDateText, isSignatureText, isYesNoWord, kindCue, textKind } from './kinds';

describe('kind cue words', () => {
  it.each([
    ['Date of birth', 'date'],
    ['DOB', 'date'],
    ['Fecha', 'date'],
    ['Fecha de nacimiento (MM/DD/AAAA)', 'date'],
    ['FECHA DE NACIMIENTO', 'date'],
    ['Phone', 'phone'],
    ['Teléfono', 'phone'],
    ['Telefono celular', 'phone'],
    ['Email address', 'email'],
    ['Correo electrónico', 'email'],
    ['Signature of patient', 'signature'],
    ['Firma del paciente', 'signature'],
    ['Initials', 'initials'],
    ['Iniciales', 'initials'],
    ['Edad', 'number'],
    ['Weight (lbs)', 'number'],
    ['Year quit', 'number'],
    ['Código postal', 'text'],
    ['ZIP code', 'text'],
    ['Height', 'text'],
    ['Nombre', 'text'],
    ['E-mail', 'email'],
    ['Email (name@example.com)', 'email'],
    ['Last exam', 'date'],
    ['Last X-rays', 'date'],
    ['Última visita', 'date'],
    ['Last name', 'text'],
  ])('%s -> %s', (label, kind) => {
    expect(textKind(label)).toBe(kind);
  });

  it('reads a Spanish date hint printed beside the blank', () => {
    expect(textKind('Nacido el', 'DD/MM/AAAA')).toBe('date');
  });

  it('reads what the separators of a segmented blank say it holds', () => {
    expect(textKind('Last seen', 'MM/DD/YYYY')).toBe('date');
    expect(textKind('Contact', '@')).toBe('email');
  });

  it('does not take a place of birth, a signature date or a printed name for a date or a signature', () => {
    expect(isDateText('Lugar de nacimiento')).toBe(false);
    expect(isDateText('Place of birth')).toBe(false);
    expect(textKind('Fecha de la firma')).toBe('date');
    expect(isSignatureText('Nombre del paciente (letra de molde)')).toBe(false);
    expect(isSignatureText('Printed name of signer')).toBe(false);
  });

  it('tells one answer from several in Spanish and English wording', () => {
    expect(choiceMode('Síntomas (marque todas las que apliquen)', '', ['Tos', 'Fiebre'], 'box')).toBe('many');
    expect(choiceMode('¿Fuma?', '', ['Sí', 'No'], 'box')).toBe('one');
    expect(choiceMode('Sexo', '', ['Masculino', 'Femenino'], 'box')).toBe('one');
    expect(choiceMode('Estado civil (marque una)', '', ['Soltero', 'Casado', 'Viudo'], 'box')).toBe('one');
    expect(choiceMode('Conditions', 'check all that apply', ['Asthma', 'Diabetes'], 'box')).toBe('many');
    expect(choiceMode('Conditions', '', ['Asthma', 'Diabetes'], 'box')).toBe('unknown');
    expect(choiceMode('Heart disease', '', ['Mother', 'Father', 'Sibling', 'Grandparent'], 'box')).toBe('many');
    expect(choiceMode('Relationship to policy holder', '', ['Self', 'Spouse', 'Child', 'Other'], 'box')).toBe(
      'unknown',
    );
    expect(choiceMode('Diabetes', '', ['Past', 'Present'], 'box')).toBe('many');
  });

  it('knows yes / no words in both languages', () => {
    for (const w of ['Yes', 'No', 'Y', 'N', 'Sí', 'si']) expect(isYesNoWord(w)).toBe(true);
    expect(isYesNoWord('None')).toBe(false);
    expect(isYesNoWord('Nunca')).toBe(false);
  });

  it('scores whether a label agrees with the kind', () => {
    expect(kindCue('date', 'Fecha de nacimiento')).toBe(1);
    expect(kindCue('text', 'Fecha de nacimiento')).toBe(-1);
    expect(kindCue('text', 'Nombre')).toBe(0);
    expect(kindCue('phone', 'Email')).toBe(-1);
    expect(kindCue('select_one', 'Sí')).toBe(0);
  });
});
