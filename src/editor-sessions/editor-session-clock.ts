import { Injectable } from '@nestjs/common';

/**
 * The time editor sessions are issued and checked against. Injectable so tests can move it
 * (`jest.spyOn(app.get(EditorSessionClock), 'now')`) to expire a session without waiting an hour.
 */
@Injectable()
export class EditorSessionClock {
  now(): Date {
    return new Date();
  }
}
