import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { hourlyPurge } from 'src/queue/worker-role';
import { Event } from './entities/event.entity';
import { EventsFeedService } from './events-feed.service';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';

/** The outbox and its feed (GET /events); the purge of events past retention runs in worker processes. */
@Module({
  imports: [TypeOrmModule.forFeature([Event])],
  controllers: [EventsController],
  providers: [EventsService, EventsFeedService, hourlyPurge(EventsService, (events) => events.purgeExpired())],
  exports: [EventsService],
})
export class EventsModule {}
