import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { FillLinksModule } from 'src/fill-links/fill-links.module';
import { SubmissionsModule } from 'src/submissions/submissions.module';
import { FillPageHeadersMiddleware } from './fill-page-headers.middleware';
import { FillPageController } from './fill-page.controller';
import { FillPageService } from './fill-page.service';

@Module({
  imports: [FillLinksModule, SubmissionsModule],
  controllers: [FillPageController],
  providers: [FillPageService],
})
export class FillPageModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(FillPageHeadersMiddleware).forRoutes('f/*path', 'files/*path');
  }
}
