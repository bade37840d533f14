import { GRAPH_VERSION } from "./instagram";

/**
 * Facebook Login for Business, server side (the "manually build a login flow" of Meta's docs): the
 * dialog at `{META_OAUTH_BASE}/{v}/dialog/oauth`, the code and long-lived token exchanges and the
 * person's Pages with their linked Instagram professional accounts, at `{META_GRAPH_BASE}/{v}/…`.
 */
export const META_OAUTH_SCOPES = ["instagram_basic", "instagram_manage_messages", "instagram_manage_comments", "pages_show_list", "pages_manage_metadata", "business_management"];

export function metaDialogUrl(oauthBase: string, p: { appId: string; redirectUri: string; state: string }): string {
  const q = new URLSearchParams({ client_id: p.appId, redirect_uri: p.redirectUri, state: p.state, scope: META_OAUTH_SCOPES.join(","), response_type: "code" });
  return `${oauthBase.replace(/\/$/, "")}/${GRAPH_VERSION}/dialog/oauth?${q}`;
}

export interface MetaPage {
  id: string;
  name?: string;
  access_token?: string;
  instagram_business_account?: { id: string; username?: string; profile_picture_url?: string };
}

/** A failed call to Meta's login endpoints; `status` 0 when Meta could not be reached. */
export class MetaOauthError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export class MetaOauthClient {
  constructor(
    private readonly graphBase: string,
    private readonly appId: string,
    private readonly appSecret: string,
  ) {}

  private async get<T>(path: string, query: Record<string, string>): Promise<T> {
    const url = `${this.graphBase.replace(/\/$/, "")}/${GRAPH_VERSION}/${path}?${new URLSearchParams(query)}`;
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: "application/json" } });
    } catch (e) {
      throw new MetaOauthError(`Meta недоступен: ${(e as Error).message}`, 0);
    }
    const data = (await res.json().catch(() => ({}))) as T & { error?: { message?: string } };
    if (!res.ok || data.error) throw new MetaOauthError(data.error?.message ?? `HTTP ${res.status}`, res.status);
    return data;
  }

  /** The login's `code` for a (short-lived) user token; `redirectUri` must be the dialog's. */
  async exchangeCode(code: string, redirectUri: string): Promise<string> {
    const r = await this.get<{ access_token?: string }>("oauth/access_token", { client_id: this.appId, redirect_uri: redirectUri, client_secret: this.appSecret, code });
    if (!r.access_token) throw new MetaOauthError("Meta не вернул токен доступа", 502);
    return r.access_token;
  }

  /** A long-lived user token (about 60 days): Page tokens read with it do not expire. */
  async longLived(userToken: string): Promise<string> {
    const r = await this.get<{ access_token?: string }>("oauth/access_token", { grant_type: "fb_exchange_token", client_id: this.appId, client_secret: this.appSecret, fb_exchange_token: userToken });
    if (!r.access_token) throw new MetaOauthError("Meta не вернул долгосрочный токен", 502);
    return r.access_token;
  }

  /** The person's Pages with their tokens and linked Instagram accounts (following the cursor, at most 5 pages of 100). */
  async pages(userToken: string): Promise<MetaPage[]> {
    const out: MetaPage[] = [];
    let after: string | undefined;
    for (let i = 0; i < 5; i++) {
      const r = await this.get<{ data?: MetaPage[]; paging?: { cursors?: { after?: string }; next?: string } }>("me/accounts", {
        fields: "id,name,access_token,instagram_business_account{id,username,profile_picture_url}",
        limit: "100",
        access_token: userToken,
        ...(after ? { after } : {}),
      });
      out.push(...(r.data ?? []));
      after = r.paging?.next ? r.paging.cursors?.after : undefined;
      if (!after) break;
    }
    return out;
  }
}
