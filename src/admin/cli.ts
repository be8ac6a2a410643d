import 'reflect-metadata';
import { Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AppException } from 'src/common/errors/app.exception';
import { SettingsModule } from 'src/config/settings.module';
import { DatabaseModule } from 'src/database/database.module';
import { AdminModule } from './admin.module';
import { AdminService } from './admin.service';
import { CreateApiKeyDto, CreateOrganizationDto, UpdateOrganizationDto } from './dto/admin.dto';
import { ADMIN_CLI_EXTENSIONS, type AdminCliCommand } from './cli-extensions';

const USAGE = `Usage: npm run admin -- <command> [options]   (prints JSON)
  orgs:create   --name NAME [--enabled] [--quota N]
  orgs:update   --org ORG_ID [--name NAME] [--enabled true|false] [--quota N]
                [--editor-frame-ancestors https://app.example.com,https://*.example.com]  ("" for none)
                [--fill-frame-ancestors https://portal.example.com]  ("" for none)
                [--display-name "Northwind Family Clinic"] [--brand-color "#1A5FB4"] [--logo logo.png|logo.svg]
                ("" clears --display-name, --brand-color and --logo)
  orgs:list
  keys:create   --org ORG_ID --name NAME --scopes imports:write,templates:read
  keys:list     --org ORG_ID
  keys:revoke   --key KEY_ID
${ADMIN_CLI_EXTENSIONS.map((c) => `  ${c.usage}`).join('\n')}`;

type Options = Record<string, string | boolean | undefined>;

class CliError extends Error {}

function need(options: Options, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value === '') throw new CliError(`--${name} is required`);
  return value;
}

function optionalBool(value: string | boolean | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === true || value === 'true') return true;
  if (value === 'false') return false;
  throw new CliError('--enabled takes true or false');
}

function optionalInt(value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw new CliError('--quota takes a whole number');
  return Number(value);
}

function optionalList(value: string | boolean | undefined, name = 'editor-frame-ancestors'): string[] | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new CliError(`--${name} takes a comma-separated list`);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A clearable text option: "" clears (null), absent leaves it. */
function optionalText(value: string | boolean | undefined, name: string): string | null | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new CliError(`--${name} takes a value ("" clears it)`);
  return value === '' ? null : value;
}

/** --logo FILE: the file in base64 (the API checks its type and size); "" removes the logo. */
function optionalLogo(value: string | boolean | undefined): string | null | undefined {
  const path = optionalText(value, 'logo');
  if (!path) return path;
  try {
    return readFileSync(path).toString('base64');
  } catch {
    throw new CliError(`--logo: cannot read ${path}`);
  }
}

/** The same validation rules as the HTTP API. */
async function dto<T extends object>(cls: Type<T>, plain: object): Promise<T> {
  const instance = plainToInstance(cls, JSON.parse(JSON.stringify(plain)) as object);
  const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length) {
    throw new CliError(
      errors.flatMap((e) => Object.values(e.constraints ?? {}).map((m) => `${e.property}: ${m}`)).join('; '),
    );
  }
  return instance;
}

const COMMANDS: Record<string, (admin: AdminService, o: Options) => Promise<unknown>> = {
  'orgs:create': async (admin, o) =>
    admin.createOrganization(
      await dto(CreateOrganizationDto, {
        name: need(o, 'name'),
        partner_api_enabled: optionalBool(o.enabled) ?? false,
        imports_daily_quota: optionalInt(o.quota),
      }),
    ),
  'orgs:update': async (admin, o) =>
    admin.updateOrganization(
      need(o, 'org'),
      await dto(UpdateOrganizationDto, {
        name: o.name,
        partner_api_enabled: optionalBool(o.enabled),
        imports_daily_quota: optionalInt(o.quota),
        editor_frame_ancestors: optionalList(o['editor-frame-ancestors']),
        fill_frame_ancestors: optionalList(o['fill-frame-ancestors'], 'fill-frame-ancestors'),
        display_name: optionalText(o['display-name'], 'display-name'),
        brand_color: optionalText(o['brand-color'], 'brand-color'),
        logo: optionalLogo(o.logo),
      }),
    ),
  'orgs:list': (admin) => admin.listOrganizations(),
  'keys:create': async (admin, o) =>
    admin.createApiKey(
      need(o, 'org'),
      await dto(CreateApiKeyDto, {
        name: need(o, 'name'),
        scopes: need(o, 'scopes')
          .split(',')
          .map((s) => s.trim()),
      }),
    ),
  'keys:list': (admin, o) => admin.listApiKeys(need(o, 'org')),
  'keys:revoke': (admin, o) => admin.revokeApiKey(need(o, 'key')),
};

@Module({ imports: [SettingsModule, DatabaseModule, AdminModule, ...ADMIN_CLI_EXTENSIONS.map((c) => c.module)] })
class AdminCliModule {}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    options: Object.fromEntries(
      [
        'name',
        'org',
        'key',
        'scopes',
        'quota',
        'enabled',
        'template',
        'editor-frame-ancestors',
        'fill-frame-ancestors',
        'display-name',
        'brand-color',
        'logo',
      ].map((o) => [o, { type: 'string' as const }]),
    ),
  });
  const name = positionals[0];
  const extension = ADMIN_CLI_EXTENSIONS.find((c: AdminCliCommand) => c.name === name);
  if (!name || (!COMMANDS[name] && !extension)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const app = await NestFactory.createApplicationContext(AdminCliModule, { logger: ['error'] });
  try {
    const result = extension
      ? await extension.run(app, values as Options)
      : await COMMANDS[name](app.get(AdminService), values as Options);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof AppException) {
      process.stderr.write(`${JSON.stringify({ error: error.message })}\n`);
      return 1;
    }
    throw error;
  } finally {
    await app.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`admin command failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
