/**
 * A NestJS (Express) app with one controller and nothing else, answering the ping JSON: the framework's own
 * ceiling on this machine, next to the bare node:http one. Started by bench:ping in its own process.
 */
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

@Controller('ping')
class PingController {
  @Get()
  ping(): object {
    return { org_id: 'org_bench', key_name: 'bench', scopes: ['imports:write'] };
  }
}

@Module({ controllers: [PingController] })
class MinimalModule {}

void (async () => {
  const app = await NestFactory.create(MinimalModule, { logger: false });
  await app.listen(Number(process.argv[2]), '127.0.0.1');
})();
