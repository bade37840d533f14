/** A readable "Browser on OS" from a User-Agent string (good enough for a sessions list). */
export function describeUserAgent(ua: string | null | undefined): { browser: string | null; os: string | null; mobile: boolean } {
  if (!ua) return { browser: null, os: null, mobile: false };
  const browser =
    /YaBrowser\//.test(ua) ? "Yandex Browser"
    : /Edg\//.test(ua) ? "Edge"
    : /OPR\//.test(ua) ? "Opera"
    : /Firefox\//.test(ua) ? "Firefox"
    : /Chrome\//.test(ua) || /Chromium\//.test(ua) ? "Chrome"
    : /Safari\//.test(ua) ? "Safari"
    : /curl|node|undici|python|okhttp/i.test(ua) ? "API"
    : null;
  const os =
    /Windows/.test(ua) ? "Windows"
    : /Android/.test(ua) ? "Android"
    : /iPhone|iPad|iOS/.test(ua) ? "iOS"
    : /Mac OS X|Macintosh/.test(ua) ? "macOS"
    : /Linux/.test(ua) ? "Linux"
    : null;
  return { browser, os, mobile: /Mobile|Android|iPhone/.test(ua) };
}
