import { Injectable } from '@nestjs/common';

/**
 * The time a rotated secret's overlap is set and checked against. Injectable so tests can move it
 * (`jest.spyOn(app.get(WebhookClock), 'now')`) past the 24-hour overlap without waiting a day. Signature
 * timestamps stay on the real clock: receivers check them against theirs.
 */
@Injectable()
export class WebhookClock {
  now(): Date {
    return new Date();
  }
}
