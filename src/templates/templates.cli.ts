import type { AdminCliCommand } from 'src/admin/cli-extensions';
import { TemplatesModule } from './templates.module';
import { TemplatesService } from './templates.service';

export const retireTemplateCommand: AdminCliCommand = {
  name: 'templates:retire',
  usage: 'templates:retire --template TEMPLATE_ID',
  module: TemplatesModule,
  run: (app, options) => {
    if (typeof options.template !== 'string' || !options.template) throw new Error('--template is required');
    return app.get(TemplatesService).retire(options.template);
  },
};
