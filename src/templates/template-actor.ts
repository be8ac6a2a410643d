/**
 * Who changes a template, for the audit log: a partner's API key, an editor session (the editor page), or an
 * internal admin. `ip` is the caller's address when there is a request.
 */
export type TemplateActor =
  | { kind: 'api_key'; keyId: string; ip: string | null }
  | { kind: 'editor_session'; sessionId: string; ip: string | null }
  | { kind: 'admin'; ip: string | null };

export function auditWho(actor: TemplateActor): { apiKeyId: string | null; editorSessionId: string | null } {
  switch (actor.kind) {
    case 'api_key':
      return { apiKeyId: actor.keyId, editorSessionId: null };
    case 'editor_session':
      return { apiKeyId: null, editorSessionId: actor.sessionId };
    case 'admin':
      return { apiKeyId: null, editorSessionId: null };
  }
}
