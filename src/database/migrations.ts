import { Foundation1795315799950 } from './migrations/1795315799950-Foundation';
import { ImportsTemplates1795316541556 } from './migrations/1795316541556-ImportsTemplates';
import { FillLinksSubmissions1795317437778 } from './migrations/1795317437778-FillLinksSubmissions';
import { Webhooks1795317600000 } from './migrations/1795317600000-Webhooks';
import { TemplateEdits1795395564869 } from './migrations/1795395564869-TemplateEdits';
import { FillDraftsLocale1795395898769 } from './migrations/1795395898769-FillDraftsLocale';
import { WebhookRotationEventsFeed1795700690175 } from './migrations/1795700690175-WebhookRotationEventsFeed';
import { ImportsCarriedOver1795701934654 } from './migrations/1795701934654-ImportsCarriedOver';
import { OrganizationBrandEmbedding1795702641305 } from './migrations/1795702641305-OrganizationBrandEmbedding';

/** Checked-in migrations in order; generated with `npm run migration:generate`, then read. */
export const MIGRATIONS = [
  Foundation1795315799950,
  ImportsTemplates1795316541556,
  FillLinksSubmissions1795317437778,
  Webhooks1795317600000,
  TemplateEdits1795395564869,
  FillDraftsLocale1795395898769,
  WebhookRotationEventsFeed1795700690175,
  ImportsCarriedOver1795701934654,
  OrganizationBrandEmbedding1795702641305,
];
