import { infiniteQueryOptions } from "@tanstack/react-query";
import type { listComments, listPosts } from "@worker/features/channels/comments.service";
import type { serializeMessage } from "@worker/features/inbox/serialize";
import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";

/** Response shapes come from the worker's functions (type-only). */
export type PostsPage = Awaited<ReturnType<typeof listPosts>>;
export type Post = PostsPage["data"][number];
export type CommentsPage = Awaited<ReturnType<typeof listComments>>;
export type Comment = CommentsPage["data"][number];
export type ReplyMessage = ReturnType<typeof serializeMessage>;

export const POSTS_PAGE_SIZE = 20;
export const COMMENTS_PAGE_SIZE = 20;

export const commentKeys = {
  all: (accountId: string) => ["accounts", accountId, "instagram-comments"] as const,
  posts: (accountId: string) => ["accounts", accountId, "instagram-comments", "posts"] as const,
  comments: (accountId: string, mediaId: string) => ["accounts", accountId, "instagram-comments", "post", mediaId] as const,
};

const nextPage = (last: { meta: { page: number; lastPage: number } }) => (last.meta.page < last.meta.lastPage ? last.meta.page + 1 : undefined);

export const commentQueries = {
  /** Posts with comments, the most recently commented first. */
  posts: (accountId: string) =>
    infiniteQueryOptions({
      queryKey: commentKeys.posts(accountId),
      queryFn: ({ pageParam, signal }) =>
        api.get<ApiResponse<"/accounts/:accountId/instagram-comments/posts">>(`/accounts/${accountId}/instagram-comments/posts`, { query: { page: pageParam, limit: POSTS_PAGE_SIZE }, signal, silent: true }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  /** One post's comments, newest first. */
  comments: (accountId: string, mediaId: string) =>
    infiniteQueryOptions({
      queryKey: commentKeys.comments(accountId, mediaId),
      queryFn: ({ pageParam, signal }) =>
        api.get<ApiResponse<"/accounts/:accountId/instagram-comments/posts/:mediaId/comments">>(`/accounts/${accountId}/instagram-comments/posts/${encodeURIComponent(mediaId)}/comments`, {
          query: { page: pageParam, limit: COMMENTS_PAGE_SIZE },
          signal,
          silent: true,
        }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
};

export const commentApi = {
  reply: (accountId: string, commentId: string, body: ApiBody<"/accounts/:accountId/instagram-comments/:commentId/reply">) =>
    api.post<ApiResponse<"/accounts/:accountId/instagram-comments/:commentId/reply", "post">>(`/accounts/${accountId}/instagram-comments/${encodeURIComponent(commentId)}/reply`, body, { silent: true }),
};
