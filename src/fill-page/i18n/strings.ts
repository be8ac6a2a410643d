import type { Locale } from './locales';

/**
 * The patient page's own words. The form's printed labels are never translated: they stay as the clinic printed
 * them. `client` holds the words only the page script (public/fill-page/src) writes (views/page-script-strings.ts sends them).
 */
export interface PageStrings {
  languageName: string;
  languageSwitch: string;
  required: string;
  lockedNote: string;
  intro: string;
  introRequired: string;
  noScript: string;
  problem: string;
  submit: string;
  next: string;
  back: string;
  startOver: string;
  resumeQuestion: string;
  resumeHint: string;
  resumeContinue: string;
  stepOf: (n: number, total: number) => string;
  pageOf: (n: number, total: number) => string;
  continued: string;
  chooseAnswer: string;
  chooseOne: string;
  chooseAll: string;
  dateHint: string;
  signHint: string;
  clear: string;
  clearSuffix: string;
  typeToSign: string;
  typeToSignHint: string;
  untitled: string;
  msgChoose: (label: string) => string;
  msgTickOne: (label: string) => string;
  msgSign: (label: string) => string;
  msgTick: (label: string) => string;
  msgDate: (label: string) => string;
  msgAnswer: (label: string) => string;
  doneTitle: string;
  doneText: (title: string) => [string, string, string];
  doneNothingElse: string;
  gone: { expired: string; exhausted: string; retired: string };
  nextStep: string;
  goneMistake: string;
  notFoundTitle: string;
  notFoundText: string;
  notFoundNext: string;
  rateLimitedTitle: string;
  rateLimitedText: string;
  unavailableTitle: string;
  unavailableText: string;
  client: Record<string, string>;
}

const EN: PageStrings = {
  languageName: 'English',
  languageSwitch: 'Language',
  required: '(required)',
  lockedNote: '(set by your provider)',
  intro: 'Your answers are sent securely to your provider.',
  introRequired: 'Questions marked (required) must be answered.',
  noScript: 'This form needs JavaScript to send your answers. Please turn JavaScript on, or contact your provider.',
  problem: 'There is a problem',
  submit: 'Submit',
  next: 'Next',
  back: 'Back',
  startOver: 'Start over',
  resumeQuestion: 'Continue where you left off?',
  resumeHint:
    'Answers to this form were saved in this browser. Continue to see them, or start over to delete them and begin an empty form.',
  resumeContinue: 'Continue',
  stepOf: (n, total) => `Step ${n} of ${total}`,
  pageOf: (n, total) => `Page ${n} of ${total}`,
  continued: '(continued)',
  chooseAnswer: 'Choose an answer',
  chooseOne: 'Choose one.',
  chooseAll: 'Choose all that apply.',
  dateHint: 'For example, 03/15/1984.',
  signHint: 'Draw your signature in the box with your finger, a stylus or a mouse.',
  clear: 'Clear',
  clearSuffix: ' signature',
  typeToSign: 'Type your full name to sign',
  typeToSignHint: 'If you can’t draw, type your name instead. If you do both, the drawn signature is used.',
  untitled: 'Untitled question',
  msgChoose: (l) => `Please choose an answer for “${l}”.`,
  msgTickOne: (l) => `Please tick at least one answer for “${l}”.`,
  msgSign: (l) => `Please sign in the box, or type your full name, for “${l}”.`,
  msgTick: (l) => `Please tick “${l}”.`,
  msgDate: (l) => `Please enter a date for “${l}”.`,
  msgAnswer: (l) => `Please answer “${l}”.`,
  doneTitle: 'Thank you — your form was received',
  doneText: (t) => ['Your answers to ', t, ' have been sent securely to your provider.'],
  doneNothingElse: 'There is nothing else you need to do. You can close this page.',
  gone: {
    expired: 'This link has expired',
    exhausted: 'This form has already been completed the maximum number of times',
    retired: 'This form is no longer in use',
  },
  nextStep: 'Please contact your provider for a new link.',
  goneMistake: 'If you think this is a mistake, your provider can check the link for you.',
  notFoundTitle: 'We can’t find this form',
  notFoundText: 'The link may be incomplete. Check that you copied the whole link from your message or email.',
  notFoundNext: 'If it still does not work, please contact your provider for a new link.',
  rateLimitedTitle: 'Please wait a moment',
  rateLimitedText: 'Too many requests came from your connection. Wait a minute, then reload this page.',
  unavailableTitle: 'This form is briefly unavailable',
  unavailableText: 'We are having a technical problem. Please wait a minute, then reload this page.',
  client: {
    answered: '{n} of {m} answered',
    stepCount: 'Step {n} of {m}',
    questionShown: 'New question below: {label}',
    ruleProblem: '“{label}” {problem}.',
    errorPrefix: 'Error: ',
    badDate: 'Please enter a complete, real date.',
    badEmail: 'Please enter an email address in the right format, like name@example.com.',
    answerThis: 'Please answer this question.',
    sending: 'Sending…',
    sendingStatus: 'Sending your answers…',
    sent: 'Sent. Loading your confirmation…',
    confirmStartOver: 'Clear every answer on this form and start again?',
    reviewAnswers: 'Some answers need checking. Please review the form and try again.',
    waitTitle: 'Please wait a moment',
    waitText: 'Too many attempts were made. Wait a minute, then press Submit again. Your answers are still here.',
    tooLargeTitle: 'Your answers were too large to send',
    tooLargeText:
      'Please clear your signature and sign again with a shorter stroke, or type your full name instead. Your other answers are still here.',
    wrongTitle: 'Something went wrong',
    wrongText:
      'We could not save your answers just now. Please press Submit again in a moment. Your answers are still here.',
    offlineTitle: 'Your answers were not sent',
    offlineText:
      'We could not reach the server. Check your internet connection, then press Submit again. Your answers are still here.',
    goneDefault: 'This link can no longer be used',
    goneNotSent: 'Your answers could not be sent. ',
  },
};

const ES: PageStrings = {
  languageName: 'Español',
  languageSwitch: 'Idioma',
  required: '(obligatorio)',
  lockedNote: '(indicado por su proveedor)',
  intro: 'Sus respuestas se envían de forma segura a su proveedor.',
  introRequired: 'Las preguntas marcadas (obligatorio) deben responderse.',
  noScript:
    'Este formulario necesita JavaScript para enviar sus respuestas. Active JavaScript o comuníquese con su proveedor.',
  problem: 'Hay un problema',
  submit: 'Enviar',
  next: 'Siguiente',
  back: 'Atrás',
  startOver: 'Empezar de nuevo',
  resumeQuestion: '¿Continuar donde lo dejó?',
  resumeHint:
    'Se guardaron respuestas a este formulario en este navegador. Continúe para verlas, o empiece de nuevo para borrarlas y comenzar un formulario vacío.',
  resumeContinue: 'Continuar',
  stepOf: (n, total) => `Paso ${n} de ${total}`,
  pageOf: (n, total) => `Página ${n} de ${total}`,
  continued: '(continuación)',
  chooseAnswer: 'Elija una respuesta',
  chooseOne: 'Elija una.',
  chooseAll: 'Elija todas las que correspondan.',
  dateHint: 'Por ejemplo, 15/03/1984.',
  signHint: 'Dibuje su firma en el recuadro con el dedo, un lápiz táctil o el ratón.',
  clear: 'Borrar',
  clearSuffix: ' firma',
  typeToSign: 'Escriba su nombre completo para firmar',
  typeToSignHint: 'Si no puede dibujar, escriba su nombre. Si hace ambas cosas, se usa la firma dibujada.',
  untitled: 'Pregunta sin título',
  msgChoose: (l) => `Elija una respuesta para «${l}».`,
  msgTickOne: (l) => `Marque al menos una respuesta para «${l}».`,
  msgSign: (l) => `Firme en el recuadro, o escriba su nombre completo, para «${l}».`,
  msgTick: (l) => `Marque «${l}».`,
  msgDate: (l) => `Escriba una fecha para «${l}».`,
  msgAnswer: (l) => `Responda «${l}».`,
  doneTitle: 'Gracias: recibimos su formulario',
  doneText: (t) => ['Sus respuestas a ', t, ' se enviaron de forma segura a su proveedor.'],
  doneNothingElse: 'No necesita hacer nada más. Puede cerrar esta página.',
  gone: {
    expired: 'Este enlace ha caducado',
    exhausted: 'Este formulario ya se completó el número máximo de veces',
    retired: 'Este formulario ya no está en uso',
  },
  nextStep: 'Pida a su proveedor un enlace nuevo.',
  goneMistake: 'Si cree que es un error, su proveedor puede revisar el enlace.',
  notFoundTitle: 'No encontramos este formulario',
  notFoundText: 'Puede que el enlace esté incompleto. Compruebe que copió el enlace entero de su mensaje o correo.',
  notFoundNext: 'Si sigue sin funcionar, pida a su proveedor un enlace nuevo.',
  rateLimitedTitle: 'Espere un momento',
  rateLimitedText: 'Llegaron demasiadas solicitudes desde su conexión. Espere un minuto y vuelva a cargar la página.',
  unavailableTitle: 'Este formulario no está disponible por un momento',
  unavailableText: 'Tenemos un problema técnico. Espere un minuto y vuelva a cargar la página.',
  client: {
    answered: '{n} de {m} respondidas',
    stepCount: 'Paso {n} de {m}',
    questionShown: 'Nueva pregunta debajo: {label}',
    ruleProblem: '«{label}» {problem}.',
    errorPrefix: 'Error: ',
    badDate: 'Escriba una fecha completa y real.',
    badEmail: 'Escriba un correo electrónico con el formato correcto, como nombre@ejemplo.com.',
    answerThis: 'Responda esta pregunta.',
    sending: 'Enviando…',
    sendingStatus: 'Enviando sus respuestas…',
    sent: 'Enviado. Cargando la confirmación…',
    confirmStartOver: '¿Borrar todas las respuestas de este formulario y empezar de nuevo?',
    reviewAnswers: 'Hay respuestas que revisar. Revise el formulario e inténtelo de nuevo.',
    waitTitle: 'Espere un momento',
    waitText: 'Hubo demasiados intentos. Espere un minuto y pulse Enviar otra vez. Sus respuestas siguen aquí.',
    tooLargeTitle: 'Sus respuestas son demasiado grandes para enviarlas',
    tooLargeText:
      'Borre su firma y vuelva a firmar con un trazo más corto, o escriba su nombre completo. Sus otras respuestas siguen aquí.',
    wrongTitle: 'Algo salió mal',
    wrongText: 'No pudimos guardar sus respuestas. Pulse Enviar otra vez en un momento. Sus respuestas siguen aquí.',
    offlineTitle: 'Sus respuestas no se enviaron',
    offlineText:
      'No pudimos conectar con el servidor. Revise su conexión a internet y pulse Enviar otra vez. Sus respuestas siguen aquí.',
    goneDefault: 'Este enlace ya no se puede usar',
    goneNotSent: 'No se pudieron enviar sus respuestas. ',
  },
};

export const STRINGS: Record<Locale, PageStrings> = { en: EN, es: ES };
