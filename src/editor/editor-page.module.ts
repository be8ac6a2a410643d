import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { EditorSessionsModule } from 'src/editor-sessions/editor-sessions.module';
import { EditorHeadersMiddleware } from './editor-headers.middleware';
import { EditorPageController } from './editor-page.controller';
import { EditorPageService } from './editor-page.service';

/** The template editor page (`/editor/{token}`): HTML, its JSON routes, the PDF and the patient preview. */
@Module({
  imports: [EditorSessionsModule],
  controllers: [EditorPageController],
  providers: [EditorPageService],
})
export class EditorPageModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(EditorHeadersMiddleware).forRoutes('editor/*path');
  }
}
