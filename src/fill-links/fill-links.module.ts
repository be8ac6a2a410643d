import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrganizationsModule } from 'src/organizations/organizations.module';
import { TemplatesModule } from 'src/templates/templates.module';
import { FillLink } from './entities/fill-link.entity';
import { FillLinksController } from './fill-links.controller';
import { FillLinksService } from './fill-links.service';

@Module({
  imports: [TypeOrmModule.forFeature([FillLink]), TemplatesModule, OrganizationsModule],
  controllers: [FillLinksController],
  providers: [FillLinksService],
  exports: [FillLinksService],
})
export class FillLinksModule {}
