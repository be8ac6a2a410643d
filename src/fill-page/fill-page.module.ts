import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FillLinksModule } from 'src/fill-links/fill-links.module';
import { OrganizationsModule } from 'src/organizations/organizations.module';
import { hourlyPurge } from 'src/queue/worker-role';
import { SubmissionsModule } from 'src/submissions/submissions.module';
import { FillDraft } from './entities/fill-draft.entity';
import { FillDraftsService } from './fill-drafts.service';
import { FillPageHeadersMiddleware } from './fill-page-headers.middleware';
import { FillPageController } from './fill-page.controller';
import { FillPageService } from './fill-page.service';

@Module({
  imports: [FillLinksModule, SubmissionsModule, OrganizationsModule, TypeOrmModule.forFeature([FillDraft])],
  controllers: [FillPageController],
  providers: [FillPageService, FillDraftsService, hourlyPurge(FillDraftsService, (drafts) => drafts.purgeExpired())],
})
export class FillPageModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(FillPageHeadersMiddleware).forRoutes('f/*path', 'files/*path');
  }
}
