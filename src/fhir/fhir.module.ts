import { Module } from '@nestjs/common';
import { SubmissionsModule } from 'src/submissions/submissions.module';
import { TemplatesModule } from 'src/templates/templates.module';
import { FhirController } from './fhir.controller';
import { FhirService } from './fhir.service';

/** FHIR R4 views of templates (Questionnaire) and submissions (QuestionnaireResponse). */
@Module({
  imports: [TemplatesModule, SubmissionsModule],
  controllers: [FhirController],
  providers: [FhirService],
})
export class FhirModule {}
