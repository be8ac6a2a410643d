import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { workerProviders } from 'src/queue/worker-role';
import { Event } from './entities/event.entity';
import { EventsFeedService } from './events-feed.service';
import { EventsController } from './events.controller';
import { EventsPurger } from './events.purger';
import { EventsService } from './events.service';

/** The outbox and its feed (GET /events); the purge of events past retention runs in worker processes. */
@Module({
  imports: [TypeOrmModule.forFeature([Event])],
  controllers: [EventsController],
  providers: [EventsService, EventsFeedService, ...workerProviders(EventsPurger)],
  exports: [EventsService],
})
export class EventsModule {}
