import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule } from 'src/events/events.module';
import { TemplatesModule } from 'src/templates/templates.module';
import { Import } from './entities/import.entity';
import { ImportQuotaUsage } from './entities/import-quota-usage.entity';
import { ImportRunnerService } from './import-runner.service';
import { ImportsController } from './imports.controller';
import { ImportsProcessor } from './imports.processor';
import { ImportsService } from './imports.service';
import { ImportsSweeper } from './imports.sweeper';

@Module({
  imports: [TypeOrmModule.forFeature([Import, ImportQuotaUsage]), TemplatesModule, EventsModule],
  controllers: [ImportsController],
  providers: [ImportsService, ImportRunnerService, ImportsProcessor, ImportsSweeper],
  exports: [ImportsService],
})
export class ImportsModule {}
