import { type FakeHandler, startFake } from "./index";

/**
 * A local web site for the knowledge base's URL sources: pages in HTML, a redirect to a private
 * address (which the fetcher must refuse), a 404 and a non-HTML answer. A test may change a page's
 * text with `POST /__page {path, html}` to see "refresh" fetch it again.
 */
const PAGES: Record<string, string> = {
  "/dostavka": `<!doctype html><html><head><title>Доставка и самовывоз — Зелёный дом</title><style>.x{color:red}</style></head>
<body><nav><a href="/">Главная</a> <a href="/catalog">Каталог</a></nav>
<main><h1>Доставка</h1>
<p>Доставляем комнатные растения по Казани курьером на следующий день после заказа. Стоимость доставки по городу — 350&nbsp;рублей, при заказе от 5000 рублей бесплатно.</p>
<p>Самовывоз из оранжереи на улице Баумана, 12 — ежедневно с 10:00 до 20:00.</p>
<script>window.tracking = "секретный код не для индекса";</script>
</main><footer>© Зелёный дом</footer></body></html>`,
};

export const pagesHandler: FakeHandler = (req, res, state) => {
  const pages = ((state.data.pages as Record<string, string> | undefined) ??= { ...PAGES });
  const path = new URL(req.path, "http://x").pathname;
  if (path === "/__page" && req.method === "POST") {
    const b = req.body as { path: string; html: string };
    pages[b.path] = b.html;
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{}");
    return;
  }
  if (path === "/to-private") {
    res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
    res.end();
    return;
  }
  if (path === "/file.pdf") {
    res.writeHead(200, { "content-type": "application/pdf" });
    res.end("%PDF-1.4");
    return;
  }
  const html = pages[path];
  if (!html) {
    res.writeHead(404, { "content-type": "text/html; charset=utf-8" });
    res.end("<html><body>Нет такой страницы</body></html>");
    return;
  }
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(html);
};

export function startPagesFake() {
  return startFake("pages", pagesHandler);
}
