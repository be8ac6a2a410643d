import { ApiKey } from 'src/organizations/entities/api-key.entity';
import { Organization } from 'src/organizations/entities/organization.entity';

/** Every entity of the service, listed once for the app and the migration CLI. */
export const ENTITIES = [Organization, ApiKey];
