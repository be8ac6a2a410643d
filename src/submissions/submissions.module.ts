import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from 'src/audit/audit.module';
import { DEVELOPMENT_KEY } from 'src/common/crypto/encryption';
import { Settings } from 'src/config/settings';
import { EventsModule } from 'src/events/events.module';
import { FillLinksModule } from 'src/fill-links/fill-links.module';
import { TemplatesModule } from 'src/templates/templates.module';
import { CompletedPdf } from './entities/completed-pdf.entity';
import { Submission } from './entities/submission.entity';
import { PdfLinkSigner } from './pdf-link-signer';
import { SignedFilesController } from './signed-files.controller';
import { SubmissionPdfService } from './submission-pdf.service';
import { SubmissionRenderingProcessor } from './submissions.processor';
import { SubmissionsController } from './submissions.controller';
import { SubmissionsService } from './submissions.service';
import { SubmissionsSweeper } from './submissions.sweeper';

@Module({
  imports: [
    TypeOrmModule.forFeature([Submission, CompletedPdf]),
    AuditModule,
    EventsModule,
    FillLinksModule,
    TemplatesModule,
  ],
  controllers: [SubmissionsController, SignedFilesController],
  providers: [
    SubmissionsService,
    SubmissionPdfService,
    {
      provide: PdfLinkSigner,
      inject: [Settings],
      useFactory: (settings: Settings) =>
        new PdfLinkSigner(
          settings.DATA_ENCRYPTION_KEY ? Buffer.from(settings.DATA_ENCRYPTION_KEY, 'base64') : DEVELOPMENT_KEY,
        ),
    },
    SubmissionRenderingProcessor,
    SubmissionsSweeper,
  ],
  exports: [SubmissionsService],
})
export class SubmissionsModule {}
