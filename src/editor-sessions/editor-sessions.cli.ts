import type { AdminCliCommand } from 'src/admin/cli-extensions';
import { EditorSessionsModule } from './editor-sessions.module';
import { EditorSessionsService } from './editor-sessions.service';

export const templateEditorCommand: AdminCliCommand = {
  name: 'templates:editor',
  usage: 'templates:editor --template TEMPLATE_ID   (prints an editor URL valid 60 minutes)',
  module: EditorSessionsModule,
  run: (app, options) => {
    if (typeof options.template !== 'string' || !options.template) throw new Error('--template is required');
    return app.get(EditorSessionsService).create({ kind: 'admin' }, null, options.template);
  },
};
