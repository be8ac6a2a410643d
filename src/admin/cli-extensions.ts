import type { INestApplicationContext, Type } from '@nestjs/common';
import { templateEditorCommand } from 'src/editor-sessions/editor-sessions.cli';
import { retireTemplateCommand } from 'src/templates/templates.cli';

/** A CLI command contributed by another module (e.g. templates:retire), with the module it needs. */
export interface AdminCliCommand {
  name: string;
  usage: string;
  module: Type<unknown>;
  run(app: INestApplicationContext, options: Record<string, string | boolean | undefined>): Promise<unknown>;
}

export const ADMIN_CLI_EXTENSIONS: AdminCliCommand[] = [retireTemplateCommand, templateEditorCommand];
