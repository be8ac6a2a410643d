/** The spec's scopes, `resource:action`. */
export const SCOPES = [
  'imports:write',
  'templates:read',
  'templates:write',
  'fill_links:write',
  'submissions:read',
  'webhooks:manage',
] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
