import type { Request } from 'express';
import type { Scope } from './scopes';

export interface CallerOrg {
  id: string;
  name: string;
  importsDailyQuota: number;
}

/** Who is calling a partner route: the organization and the API key used. */
export interface Caller {
  org: CallerOrg;
  keyId: string;
  keyName: string;
  scopes: Scope[];
}

export interface AuthenticatedRequest extends Request {
  caller?: Caller;
  requestId?: string;
}
