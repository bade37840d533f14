/** The `<img>` address of an uploaded file (R2 key `accounts/<id>/…`), read with the session cookie. */
export function mediaKeySrc(accountId: string, key: string): string | null {
  const prefix = `accounts/${accountId}/`;
  if (!key.startsWith(prefix)) return null;
  return `/api/media/${accountId}/${key.slice(prefix.length).split("/").map(encodeURIComponent).join("/")}`;
}
