/** Template editor views: pure functions from data to complete HTML documents (no Nest imports). */
export { renderEditorPage, KIND_NAMES } from './editor-page';
export type { EditorPageModel } from './editor-page';
export { renderRefusalPage, REFUSAL_STATUS } from './refusal-pages';
export type { EditorRefusal } from './refusal-pages';
export { EDITOR_ASSETS } from './layout';
