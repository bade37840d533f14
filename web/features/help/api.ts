import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";
import { queryKeys } from "@/lib/query";

/**
 * The FAQ and help center (/api/help/…) and their administration (/api/admin/help/…). The content is
 * the platform's, not an account's, so its keys are ["help", locale, …] (not under an account):
 * switching accounts keeps it cached; switching the language asks again.
 */
export type FaqResponse = ApiResponse<"/help/faq">;
export type FaqEntry = FaqResponse["groups"][number]["entries"][number];
export type HelpCategory = FaqResponse["groups"][number]["category"];
export type ArticleSummary = ApiResponse<"/help/articles">["data"][number];
export type Article = ApiResponse<"/help/articles/:slug">;
export type AdminFaqEntry = ApiResponse<"/admin/help/faq">["data"][number];
export type AdminArticle = ApiResponse<"/admin/help/articles">["data"][number];
export type FaqBody = ApiBody<"/admin/help/faq">;
export type ArticleBody = ApiBody<"/admin/help/articles">;

export const HELP_CATEGORIES: HelpCategory[] = ["start", "channels", "assistants", "inbox", "flows", "broadcasts", "billing"];

export const helpKeys = {
  all: () => ["help"] as const,
  faq: (locale: string, q: string) => ["help", locale, "faq", { q }] as const,
  articles: (locale: string, q: string) => ["help", locale, "articles", { q }] as const,
  article: (locale: string, slug: string) => ["help", locale, "article", slug] as const,
  admin: (kind: "faq" | "articles", params?: object) => (params ? queryKeys.admin("help", kind, params) : queryKeys.admin("help", kind)),
};

export const helpQueries = {
  faq: (locale: string, q: string) =>
    queryOptions({ queryKey: helpKeys.faq(locale, q), queryFn: ({ signal }) => api.get<FaqResponse>("/help/faq", { query: { locale, q: q || undefined }, signal, silent: true }) }),
  articles: (locale: string, q: string) =>
    queryOptions({
      queryKey: helpKeys.articles(locale, q),
      queryFn: ({ signal }) => api.get<ApiResponse<"/help/articles">>("/help/articles", { query: { locale, q: q || undefined }, signal, silent: true }),
    }),
  article: (locale: string, slug: string) =>
    queryOptions({
      queryKey: helpKeys.article(locale, slug),
      queryFn: ({ signal }) => api.get<Article>(`/help/articles/${encodeURIComponent(slug)}`, { query: { locale }, signal, silent: true }),
    }),
  adminFaq: (params: { page: number; limit: number; q: string }) =>
    queryOptions({
      queryKey: helpKeys.admin("faq", params),
      queryFn: ({ signal }) => api.get<ApiResponse<"/admin/help/faq">>("/admin/help/faq", { query: { ...params, q: params.q || undefined }, signal, silent: true }),
    }),
  adminArticles: (params: { page: number; limit: number; q: string }) =>
    queryOptions({
      queryKey: helpKeys.admin("articles", params),
      queryFn: ({ signal }) => api.get<ApiResponse<"/admin/help/articles">>("/admin/help/articles", { query: { ...params, q: params.q || undefined }, signal, silent: true }),
    }),
};

export const helpApi = {
  vote: (slug: string, helpful: boolean) => api.post<ApiResponse<"/help/articles/:slug/feedback", "post">>(`/help/articles/${encodeURIComponent(slug)}/feedback`, { helpful }),
  createFaq: (body: FaqBody) => api.post<ApiResponse<"/admin/help/faq", "post">>("/admin/help/faq", body, { silent: true }),
  updateFaq: (id: string, body: ApiBody<"/admin/help/faq/:id", "patch">) => api.patch<ApiResponse<"/admin/help/faq/:id", "patch">>(`/admin/help/faq/${id}`, body, { silent: true }),
  deleteFaq: (id: string) => api.delete<ApiResponse<"/admin/help/faq/:id", "delete">>(`/admin/help/faq/${id}`),
  createArticle: (body: ArticleBody) => api.post<ApiResponse<"/admin/help/articles", "post">>("/admin/help/articles", body, { silent: true }),
  updateArticle: (id: string, body: ApiBody<"/admin/help/articles/:id", "patch">) =>
    api.patch<ApiResponse<"/admin/help/articles/:id", "patch">>(`/admin/help/articles/${id}`, body, { silent: true }),
  deleteArticle: (id: string) => api.delete<ApiResponse<"/admin/help/articles/:id", "delete">>(`/admin/help/articles/${id}`),
  uploadImage: (file: File) => {
    const form = new FormData();
    form.append("file", file);
    return api.post<ApiResponse<"/admin/help/images", "post">>("/admin/help/images", form, { silent: true });
  },
};

/** The help content's language: the interface language when we write in it (ru, en); the server falls back to Russian otherwise. */
export function helpLocaleOf(language: string | undefined): string {
  return (language ?? "ru").slice(0, 2);
}
